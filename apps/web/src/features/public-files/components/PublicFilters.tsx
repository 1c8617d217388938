import { FilterForm, type FilterField } from '../../../components/FilterForm';
import type { PublicFilters as Filters } from '../../../lib/list-state';
import type { FilterFormProps } from '../../../lib/use-filtered-list';

/** Search on filename or uploader, category, uploader name and file id. */
const FIELDS: FilterField<Filters>[] = [
  { key: 'search', kind: 'search', label: 'Search', placeholder: 'Search by filename or uploader' },
  {
    key: 'category',
    kind: 'select',
    label: 'Category',
    options: [
      ['all', 'All categories'],
      ['image', 'Images'],
      ['video', 'Videos'],
      ['document', 'Documents'],
      ['other', 'Others'],
    ],
  },
  { key: 'uploader', kind: 'text', label: 'Uploader', placeholder: 'Uploader name' },
  { key: 'fileId', kind: 'text', label: 'File ID', placeholder: 'File ID' },
];

export function PublicFilters(props: FilterFormProps<Filters>) {
  return <FilterForm fields={FIELDS} {...props} />;
}
