import type { SortField } from '@cloudstash/contract';
import { useDebouncedValue } from './use-debounced-value';
import { nextSort, type ListUrlState, type SortState } from './list-state';
import { useUrlState } from './use-url-state';

/** What a filter form needs: the current filters, a change handler and a reset. */
export interface FilterFormProps<F> {
  filters: F;
  onChange: (filters: F) => void;
  onClear: () => void;
}

/**
 * A filtered, sortable list screen's state kept in the address: the filters as typed, the same filters after
 * a pause in typing (what queries use, so each keystroke does not send a request), the sort, and ready-made
 * handlers for the sort headers and the filter form.
 */
export function useFilteredList<F>(codec: ListUrlState<{ filters: F; sort: SortState }>, emptyFilters: F) {
  const [{ filters, sort }, setState] = useUrlState(codec);
  const debounced = useDebouncedValue(filters);
  const filterProps: FilterFormProps<F> = {
    filters,
    onChange: (next) => setState((current) => ({ ...current, filters: next })),
    onClear: () => setState((current) => ({ ...current, filters: emptyFilters })),
  };
  const onSort = (column: SortField) =>
    setState((current) => ({ ...current, sort: nextSort(current.sort, column) }));
  return { filters, debounced, sort, onSort, filterProps };
}
