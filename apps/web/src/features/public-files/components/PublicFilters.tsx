import { FILE_CATEGORIES } from '@cloudstash/contract';
import type { PublicFilters as Filters } from '../../../lib/list-state';

interface PublicFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  onClear: () => void;
}

const CATEGORY_LABELS = {
  all: 'All categories',
  image: 'Images',
  video: 'Videos',
  document: 'Documents',
  other: 'Others',
} as const;

/** Spec: search on filename or uploader, category, uploader name, file id, and Clear Filters. */
export function PublicFilters({ filters, onChange, onClear }: PublicFiltersProps) {
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => onChange({ ...filters, [key]: value });
  return (
    <search className="grid grid-cols-1 items-end gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-5">
      <label className="flex flex-col gap-1 lg:col-span-2">
        <span className="text-sm font-medium">Search</span>
        <input
          type="search"
          className="input w-full"
          placeholder="Search by filename or uploader"
          value={filters.search}
          onChange={(e) => set('search', e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Category</span>
        <select
          className="select w-full"
          value={filters.category}
          onChange={(e) => set('category', e.target.value as Filters['category'])}
        >
          {(['all', ...FILE_CATEGORIES] as const).map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Uploader</span>
        <input
          type="text"
          className="input w-full"
          placeholder="Uploader name"
          value={filters.uploader}
          onChange={(e) => set('uploader', e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">File ID</span>
        <input
          type="text"
          className="input w-full"
          placeholder="File ID"
          value={filters.fileId}
          onChange={(e) => set('fileId', e.target.value)}
        />
      </label>
      <div className="sm:col-span-2 lg:col-span-5">
        <button type="button" className="btn btn-outline btn-sm" onClick={onClear}>
          Clear Filters
        </button>
      </div>
    </search>
  );
}
