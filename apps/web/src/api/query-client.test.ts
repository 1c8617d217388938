import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';
import { sampleUser } from '../test-support';

const failWith = (status: number) => () => Promise.reject(new ApiError('This account is disabled', status));

describe('a 401 answer while signed in', () => {
  it('forgets the sampleUser and the account data when a read is refused', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, sampleUser);
    client.setQueryData(queryKeys.tokens, ['token']);
    await client.fetchQuery({ queryKey: queryKeys.myStats, queryFn: failWith(401) }).catch(() => undefined);
    expect(client.getQueryData(queryKeys.me)).toBeNull();
    expect(client.getQueryData(queryKeys.tokens)).toBeUndefined();
  });

  it('forgets the sampleUser when a change is refused', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, sampleUser);
    const mutation = client.getMutationCache().build(client, { mutationFn: failWith(401) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(client.getQueryData(queryKeys.me)).toBeNull();
  });

  it('keeps the sampleUser on any other failure', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, sampleUser);
    await client.fetchQuery({ queryKey: queryKeys.myStats, queryFn: failWith(403) }).catch(() => undefined);
    expect(client.getQueryData(queryKeys.me)).toEqual(sampleUser);
  });
});
