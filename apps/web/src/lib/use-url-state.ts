import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListUrlState } from './list-state';

/**
 * A list screen's state (filters, sort, search), read from the address when the screen opens and written back
 * on every change. The screen keeps its own copy so typing is never slowed by navigation; the address follows
 * with `replace`, so Back leaves the list (with its state kept in that history entry) instead of undoing
 * each keystroke.
 */
export function useUrlState<S>(codec: ListUrlState<S>): [S, (next: S | ((current: S) => S)) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const [state, setState] = useState(() => codec.fromParams(searchParams));
  const wanted = codec.toParams(state).toString();
  const current = searchParams.toString();

  useEffect(() => {
    if (wanted !== current) setSearchParams(new URLSearchParams(wanted), { replace: true });
  }, [wanted, current, setSearchParams]);

  return [state, setState];
}
