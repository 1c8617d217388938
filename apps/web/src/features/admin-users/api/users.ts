import { DEFAULT_PAGE_SIZE, type User, type UserListQuery } from '@cloudstash/contract';
import { pagedListOptions, usePagedList } from '../../../api/paged-list';
import { queryKeys } from '../../../api/query-keys';

/** GET /admin/users: every account, a page at a time, optionally narrowed by name or email. */
export const adminUsersOptions = (q: string) => {
  const query: UserListQuery = q ? { q, limit: DEFAULT_PAGE_SIZE } : { limit: DEFAULT_PAGE_SIZE };
  return pagedListOptions<User>(queryKeys.adminUsers(query), '/admin/users', query);
};

export const useAdminUsers = (q: string) => usePagedList(adminUsersOptions(q));
