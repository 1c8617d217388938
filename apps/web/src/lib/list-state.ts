import {
  DEFAULT_PAGE_SIZE,
  type FileCategory,
  type FileListQuery,
  type SortField,
  type SortOrder,
} from '@cloudstash/contract';

export interface SortState {
  sort: SortField;
  order: SortOrder;
}

/** Lists start newest first. */
export const DEFAULT_SORT: SortState = { sort: 'createdAt', order: 'desc' };

/** Clicking a new column sorts it ascending; clicking the sorted column again flips the direction. */
export function nextSort(current: SortState, clicked: SortField): SortState {
  if (current.sort !== clicked) return { sort: clicked, order: 'asc' };
  return { sort: clicked, order: current.order === 'asc' ? 'desc' : 'asc' };
}

/** What aria-sort says about a column header, so screen readers announce the order. */
export function ariaSort(current: SortState, column: SortField): 'ascending' | 'descending' | 'none' {
  if (current.sort !== column) return 'none';
  return current.order === 'asc' ? 'ascending' : 'descending';
}

export interface PublicFilters {
  search: string;
  category: 'all' | FileCategory;
  uploader: string;
  fileId: string;
}
export const EMPTY_PUBLIC_FILTERS: PublicFilters = { search: '', category: 'all', uploader: '', fileId: '' };

export interface AdminFileFilters {
  search: string;
  visibility: 'all' | 'public' | 'private';
  user: string;
  type: string;
}
export const EMPTY_ADMIN_FILTERS: AdminFileFilters = { search: '', visibility: 'all', user: '', type: '' };

/** Blank text means "no filter": it is left out of the request rather than sent as an empty string. */
const text = (value: string) => value.trim() || undefined;

/** Public files screen state -> query of GET /files/public (filtering and sorting happen on the server). */
export function publicFilesQuery(filters: PublicFilters, sort: SortState): FileListQuery {
  return compact({
    q: text(filters.search),
    category: filters.category === 'all' ? undefined : filters.category,
    uploader: text(filters.uploader),
    id: text(filters.fileId),
    sort: sort.sort,
    order: sort.order,
    limit: DEFAULT_PAGE_SIZE,
  });
}

/** Admin "All Files" screen state -> query of GET /admin/files. */
export function adminFilesQuery(filters: AdminFileFilters, sort: SortState): FileListQuery {
  return compact({
    q: text(filters.search),
    visibility: filters.visibility === 'all' ? undefined : filters.visibility,
    uploader: text(filters.user),
    type: text(filters.type),
    sort: sort.sort,
    order: sort.order,
    limit: DEFAULT_PAGE_SIZE,
  });
}

export function hasActiveFilters(filters: PublicFilters | AdminFileFilters): boolean {
  return Object.values(filters).some((value) => value !== '' && value !== 'all');
}

/** Drops undefined keys so equal filter states give equal query keys (and cached pages are reused). */
function compact<T extends object>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as T;
}
