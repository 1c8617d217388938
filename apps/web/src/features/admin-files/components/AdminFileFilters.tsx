import { FilterForm, type FilterField } from '../../../components/FilterForm';
import type { AdminFileFilters as Filters } from '../../../lib/list-state';
import type { FilterFormProps } from '../../../lib/use-filtered-list';

/** Search by filename, user name or email; visibility; user; file type text. */
const FIELDS: FilterField<Filters>[] = [
  { key: 'search', kind: 'search', label: 'Search', placeholder: 'Filename, user name or email' },
  {
    key: 'visibility',
    kind: 'select',
    label: 'Visibility',
    options: [
      ['all', 'All'],
      ['public', 'Public'],
      ['private', 'Private'],
    ],
  },
  { key: 'user', kind: 'text', label: 'User', placeholder: 'Uploader name' },
  { key: 'type', kind: 'text', label: 'File Type', placeholder: 'e.g. image/png or pdf' },
];

export function AdminFileFilters(props: FilterFormProps<Filters>) {
  return <FilterForm fields={FIELDS} {...props} />;
}
