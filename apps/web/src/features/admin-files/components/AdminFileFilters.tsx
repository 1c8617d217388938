import { FilterPanel, SelectFilter, TextFilter } from '../../../components/FilterForm';
import type { AdminFileFilters as Filters } from '../../../lib/list-state';

interface AdminFileFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  onClear: () => void;
}

const VISIBILITY_OPTIONS = [
  ['all', 'All'],
  ['public', 'Public'],
  ['private', 'Private'],
] as const;

/** Search by filename, user name or email; visibility; user; file type text. */
export function AdminFileFilters({ filters, onChange, onClear }: AdminFileFiltersProps) {
  const set =
    <K extends keyof Filters>(key: K) =>
    (value: Filters[K]) =>
      onChange({ ...filters, [key]: value });
  return (
    <FilterPanel onClear={onClear}>
      <TextFilter
        search
        label="Search"
        placeholder="Filename, user name or email"
        value={filters.search}
        onChange={set('search')}
      />
      <SelectFilter
        label="Visibility"
        value={filters.visibility}
        options={VISIBILITY_OPTIONS}
        onChange={set('visibility')}
      />
      <TextFilter label="User" placeholder="Uploader name" value={filters.user} onChange={set('user')} />
      <TextFilter
        label="File Type"
        placeholder="e.g. image/png or pdf"
        value={filters.type}
        onChange={set('type')}
      />
    </FilterPanel>
  );
}
