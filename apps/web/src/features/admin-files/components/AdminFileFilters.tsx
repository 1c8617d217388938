import type { AdminFileFilters as Filters } from '../../../lib/list-state';

interface AdminFileFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  onClear: () => void;
}

/** Spec: search by filename, user name or email; visibility; user; file type text. */
export function AdminFileFilters({ filters, onChange, onClear }: AdminFileFiltersProps) {
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => onChange({ ...filters, [key]: value });
  return (
    <search className="grid grid-cols-1 items-end gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-5">
      <label className="flex flex-col gap-1 lg:col-span-2">
        <span className="text-sm font-medium">Search</span>
        <input
          type="search"
          className="input w-full"
          placeholder="Filename, user name or email"
          value={filters.search}
          onChange={(e) => set('search', e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Visibility</span>
        <select
          className="select w-full"
          value={filters.visibility}
          onChange={(e) => set('visibility', e.target.value as Filters['visibility'])}
        >
          <option value="all">All</option>
          <option value="public">Public</option>
          <option value="private">Private</option>
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">User</span>
        <input
          type="text"
          className="input w-full"
          placeholder="Uploader name"
          value={filters.user}
          onChange={(e) => set('user', e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">File Type</span>
        <input
          type="text"
          className="input w-full"
          placeholder="e.g. image/png or pdf"
          value={filters.type}
          onChange={(e) => set('type', e.target.value)}
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
