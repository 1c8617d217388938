import {
  DEFAULT_PAGE_SIZE,
  FILE_CATEGORIES,
  SORT_FIELDS,
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

/** Drops undefined keys so equal filter states give equal query keys (and cached pages are reused). */
function compact<T extends object>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as T;
}

/**
 * A list's state as it lives in the address bar, so Back, a reload and a bookmark bring it back. Each screen's
 * state is a flat record of strings; values equal to the screen's default are left out, which keeps plain
 * addresses plain ("/dashboard/public-files" means the defaults).
 */
export interface ListUrlState<S> {
  fromParams: (params: URLSearchParams) => S;
  toParams: (state: S) => URLSearchParams;
}

const oneOf = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

function sortFromParams(params: URLSearchParams): SortState {
  return {
    sort: oneOf(SORT_FIELDS, params.get('sort'), DEFAULT_SORT.sort),
    order: oneOf(['asc', 'desc'] as const, params.get('order'), DEFAULT_SORT.order),
  };
}

/** Writes each entry whose value differs from its default, in a fixed order so equal states give equal URLs. */
function paramsOf(entries: [key: string, value: string, fallback: string][]): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value, fallback] of entries) if (value !== fallback) params.set(key, value);
  return params;
}

const sortEntries = (sort: SortState): [string, string, string][] => [
  ['sort', sort.sort, DEFAULT_SORT.sort],
  ['order', sort.order, DEFAULT_SORT.order],
];

export interface PublicListState {
  filters: PublicFilters;
  sort: SortState;
}
export const publicListUrl: ListUrlState<PublicListState> = {
  fromParams: (params) => ({
    filters: {
      search: params.get('q') ?? '',
      category: oneOf(['all', ...FILE_CATEGORIES], params.get('category'), 'all'),
      uploader: params.get('uploader') ?? '',
      fileId: params.get('id') ?? '',
    },
    sort: sortFromParams(params),
  }),
  toParams: ({ filters, sort }) =>
    paramsOf([
      ['q', filters.search, ''],
      ['category', filters.category, 'all'],
      ['uploader', filters.uploader, ''],
      ['id', filters.fileId, ''],
      ...sortEntries(sort),
    ]),
};

export interface AdminListState {
  filters: AdminFileFilters;
  sort: SortState;
}
export const adminListUrl: ListUrlState<AdminListState> = {
  fromParams: (params) => ({
    filters: {
      search: params.get('q') ?? '',
      visibility: oneOf(['all', 'public', 'private'] as const, params.get('visibility'), 'all'),
      user: params.get('user') ?? '',
      type: params.get('type') ?? '',
    },
    sort: sortFromParams(params),
  }),
  toParams: ({ filters, sort }) =>
    paramsOf([
      ['q', filters.search, ''],
      ['visibility', filters.visibility, 'all'],
      ['user', filters.user, ''],
      ['type', filters.type, ''],
      ...sortEntries(sort),
    ]),
};

/** Lists with a sort only (My Files, one user's files). */
export const sortOnlyUrl: ListUrlState<SortState> = {
  fromParams: sortFromParams,
  toParams: (sort) => paramsOf(sortEntries(sort)),
};

/** User Management: the search text only. */
export const userSearchUrl: ListUrlState<string> = {
  fromParams: (params) => params.get('q') ?? '',
  toParams: (search) => paramsOf([['q', search, '']]),
};
