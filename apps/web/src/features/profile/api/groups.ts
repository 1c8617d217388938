import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '@cloudstash/contract';
import { apiData } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /users/me/groups: the groups the signed-in account is a member of. */
export const myGroupsOptions = queryOptions({
  queryKey: queryKeys.myGroups,
  queryFn: ({ signal }) => apiData<Group[]>('/users/me/groups', { signal }),
});

export const useMyGroups = () => useQuery(myGroupsOptions);
