import type { SortField } from '@cloudstash/contract';
import { ariaSort, type SortState } from '../lib/list-state';

interface SortHeaderProps {
  label: string;
  column: SortField;
  sort: SortState;
  onSort: (column: SortField) => void;
  className?: string;
}

/** A column header that is a real button (keyboard reachable) and reports its order through aria-sort. */
export function SortHeader({ label, column, sort, onSort, className }: SortHeaderProps) {
  const state = ariaSort(sort, column);
  const arrow = state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕';
  return (
    <th scope="col" aria-sort={state} className={className}>
      <button
        type="button"
        className="inline-flex items-center gap-1 font-semibold hover:text-primary"
        onClick={() => onSort(column)}
      >
        {label}
        <span aria-hidden="true" className={state === 'none' ? 'opacity-40' : 'text-primary'}>
          {arrow}
        </span>
      </button>
    </th>
  );
}
