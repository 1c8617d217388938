import { FilterPanel, SelectFilter, TextFilter } from '../../../components/FilterForm';
import type { PublicFilters as Filters } from '../../../lib/list-state';

interface PublicFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  onClear: () => void;
}

const CATEGORY_OPTIONS = [
  ['all', 'All categories'],
  ['image', 'Images'],
  ['video', 'Videos'],
  ['document', 'Documents'],
  ['other', 'Others'],
] as const;

/** Search on filename or uploader, category, uploader name, file id, and Clear Filters. */
export function PublicFilters({ filters, onChange, onClear }: PublicFiltersProps) {
  const set =
    <K extends keyof Filters>(key: K) =>
    (value: Filters[K]) =>
      onChange({ ...filters, [key]: value });
  return (
    <FilterPanel onClear={onClear}>
      <TextFilter
        search
        label="Search"
        placeholder="Search by filename or uploader"
        value={filters.search}
        onChange={set('search')}
      />
      <SelectFilter
        label="Category"
        value={filters.category}
        options={CATEGORY_OPTIONS}
        onChange={set('category')}
      />
      <TextFilter
        label="Uploader"
        placeholder="Uploader name"
        value={filters.uploader}
        onChange={set('uploader')}
      />
      <TextFilter label="File ID" placeholder="File ID" value={filters.fileId} onChange={set('fileId')} />
    </FilterPanel>
  );
}
