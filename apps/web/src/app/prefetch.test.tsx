import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { appRoutes } from './router';

afterEach(() => vi.unstubAllGlobals());

const EMPTY_PAGE = { message: 'ok', data: [], meta: { total: 0, nextCursor: null } };

/** A server that never answers who is signed in and answers every list with an empty page. */
function serverWithoutSessionAnswer() {
  const fetchMock = vi.fn((url: string) =>
    url.startsWith('/api/v1/users/me')
      ? new Promise<Response>(() => {})
      : Promise.resolve(new Response(JSON.stringify(EMPTY_PAGE))),
  );
  vi.stubGlobal('fetch', fetchMock);
  const asked = () => fetchMock.mock.calls.map(([url]) => url);
  return { asked, listsAsked: () => asked().filter((url) => url.startsWith('/api/v1/files')) };
}

/** Enters `address` as a first visit would: the router starts on it with nothing rendered yet. */
function enter(address: string, queryClient = createQueryClient()) {
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [address] });
  const settled = () => waitFor(() => expect(router.state.initialized).toBe(true));
  return { router, settled };
}

describe('a list screen entered from its address', () => {
  it('asks for My Files in the sort the address names while the session is still unanswered', async () => {
    const server = serverWithoutSessionAnswer();
    enter('/dashboard/my-files?sort=size&order=asc');
    await waitFor(() =>
      expect(server.listsAsked()).toEqual(['/api/v1/files/user-files?sort=size&order=asc&limit=50']),
    );
    expect(server.asked()).toContain('/api/v1/users/me');
  });

  it('asks for Public Files with the filters the address names', async () => {
    const server = serverWithoutSessionAnswer();
    enter('/dashboard/public-files?q=report&category=image');
    await waitFor(() =>
      expect(server.listsAsked()).toEqual([
        '/api/v1/files/public?q=report&category=image&sort=createdAt&order=desc&limit=50',
      ]),
    );
  });

  it('asks for no list of a visitor known to be signed out', async () => {
    const server = serverWithoutSessionAnswer();
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.me, null);
    const { settled } = enter('/dashboard/my-files', queryClient);
    await settled();
    expect(server.asked()).toEqual([]);
  });

  it('leaves a new sort inside the screen to the screen: the route asks only on entering', async () => {
    const server = serverWithoutSessionAnswer();
    const { router, settled } = enter('/dashboard/my-files');
    await settled();
    await router.navigate('/dashboard/my-files?sort=name', { replace: true });
    await router.navigate('/dashboard/my-files?sort=size', { replace: true });
    expect(server.listsAsked()).toEqual(['/api/v1/files/user-files?sort=createdAt&order=desc&limit=50']);
  });
});
