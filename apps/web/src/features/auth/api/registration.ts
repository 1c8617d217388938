import { useQuery } from '@tanstack/react-query';
import type { RegistrationMode } from '@cloudstash/contract';
import { apiData } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /users/registration: whether anyone may sign up, only with an invite link, or nobody. */
export const useRegistrationMode = () =>
  useQuery({
    queryKey: queryKeys.registration,
    queryFn: async ({ signal }) =>
      (await apiData<{ mode: RegistrationMode }>('/users/registration', { signal })).mode,
  });
