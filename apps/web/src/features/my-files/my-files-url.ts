import { DEFAULT_PAGE_SIZE, SORT_FIELDS, type FileListQuery } from '@cloudstash/contract';
import { DEFAULT_SORT, type ListUrlState, type SortState } from '../../lib/list-state';

/** Where a search looks: the folder on screen, or every folder. */
export type SearchScope = 'folder' | 'all';

/**
 * Which tree a folder screen walks: the caller's own (My Files, `?folder={id}`), or a folder someone shared with
 * them (Shared with me, `/dashboard/shared-with-me/{id}`), whose top is the shared folder itself.
 */
export type FolderPlace = 'mine' | 'shared';

export const SHARED_WITH_ME_PATH = '/dashboard/shared-with-me';

/** My Files' own state in the address, beside the folder (which Back and Forward move between). */
export interface MyFilesListState {
  search: string;
  scope: SearchScope;
  sort: SortState;
}

/** The folder on screen: `?folder={id}`, none for the top. */
export const folderOfParams = (params: URLSearchParams) => params.get('folder') || null;

const oneOf = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The address of a folder, carrying the list's sort along (a search is left behind). */
export function folderHref(folderId: string | null, sort: SortState, place: FolderPlace = 'mine'): string {
  const params = new URLSearchParams();
  if (folderId && place === 'mine') params.set('folder', folderId);
  if (sort.sort !== DEFAULT_SORT.sort) params.set('sort', sort.sort);
  if (sort.order !== DEFAULT_SORT.order) params.set('order', sort.order);
  const search = params.toString();
  const path =
    place === 'mine'
      ? '/dashboard/my-files'
      : `${SHARED_WITH_ME_PATH}${folderId ? `/${encodeURIComponent(folderId)}` : ''}`;
  return `${path}${search ? `?${search}` : ''}`;
}

/**
 * The codec of one folder's screen: the folder stays as it is (in My Files a search parameter, in a shared
 * folder part of the path), the rest follows the screen's state.
 */
export function myFilesUrl(
  folderId: string | null,
  place: FolderPlace = 'mine',
): ListUrlState<MyFilesListState> {
  return {
    fromParams: (params) => ({
      search: params.get('q') ?? '',
      scope: oneOf(['folder', 'all'] as const, params.get('scope'), 'folder'),
      sort: {
        sort: oneOf(SORT_FIELDS, params.get('sort'), DEFAULT_SORT.sort),
        order: oneOf(['asc', 'desc'] as const, params.get('order'), DEFAULT_SORT.order),
      },
    }),
    toParams: ({ search, scope, sort }) => {
      const params = new URLSearchParams();
      if (folderId && place === 'mine') params.set('folder', folderId);
      if (search) params.set('q', search);
      if (scope !== 'folder') params.set('scope', scope);
      if (sort.sort !== DEFAULT_SORT.sort) params.set('sort', sort.sort);
      if (sort.order !== DEFAULT_SORT.order) params.set('order', sort.order);
      return params;
    },
  };
}

/**
 * The files query: one folder's files (`root` for the top), or with a search of every folder, all of the
 * caller's files whose name matches.
 */
export function myFilesQuery(
  folderId: string | null,
  search: string,
  scope: SearchScope,
  sort: SortState,
): FileListQuery & { folderId?: string } {
  const q = search.trim() || undefined;
  const everywhere = q !== undefined && scope === 'all';
  return {
    ...(everywhere ? {} : { folderId: folderId ?? 'root' }),
    ...(q ? { q } : {}),
    sort: sort.sort,
    order: sort.order,
    limit: DEFAULT_PAGE_SIZE,
  };
}
