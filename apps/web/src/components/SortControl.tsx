import { useId } from 'react';
import { SORT_FIELDS, type SortField } from '@cloudstash/contract';
import { nextSort, type SortState } from '../lib/list-state';

export const SORT_LABELS: Record<SortField, string> = {
  filename: 'File',
  uploader: 'Uploader',
  size: 'Size',
  downloadCount: 'Downloads',
  createdAt: 'Uploaded',
};

interface SortControlProps {
  sort: SortState;
  onSort: (column: SortField) => void;
  /** The sorts on offer (those of the list's columns); every sort when left out. */
  fields?: readonly SortField[];
}

/** The phone stand-in for sortable column headers: same rules (new column ascending, same column toggles). */
export function SortControl({ sort, onSort, fields = SORT_FIELDS }: SortControlProps) {
  const id = useId();
  const flipped = nextSort(sort, sort.sort).order;
  return (
    <div className="flex items-end gap-2">
      <label htmlFor={id} className="flex flex-1 flex-col gap-1">
        <span className="text-sm font-medium">Sort by</span>
        <select
          id={id}
          className="select select-sm w-full"
          value={sort.sort}
          onChange={(event) => onSort(event.target.value as SortField)}
        >
          {fields.map((field) => (
            <option key={field} value={field}>
              {SORT_LABELS[field]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        onClick={() => onSort(sort.sort)}
        title={`Switch to ${flipped === 'asc' ? 'ascending' : 'descending'}`}
      >
        <span className="sr-only">Order: </span>
        <span aria-hidden="true">{sort.order === 'asc' ? '▲' : '▼'}</span>
        {sort.order === 'asc' ? 'Ascending' : 'Descending'}
      </button>
    </div>
  );
}
