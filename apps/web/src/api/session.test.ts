import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_HINT_COOKIE } from '@cloudstash/contract';
import { createQueryClient } from './query-client';
import { currentUserQuery } from './session';
import { sampleUser } from '../test-support';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serverAnswering(status: number) {
  const fetchMock = vi.fn(async () =>
    status === 200 ? json(200, { message: 'ok', data: sampleUser }) : json(401, { message: 'Not signed in' }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const askWho = () => createQueryClient().fetchQuery(currentUserQuery);
const setHint = (present: boolean) => {
  document.cookie = present
    ? `${SESSION_HINT_COOKIE}=1; path=/`
    : `${SESSION_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
};

afterEach(() => {
  vi.unstubAllGlobals();
  setHint(false);
  window.history.replaceState(null, '', '/');
});

describe('who is signed in', () => {
  it('is not asked of the server on a guest page without the session hint', async () => {
    const fetchMock = serverAnswering(401);
    for (const page of ['/', '/login', '/register']) {
      window.history.replaceState(null, '', page);
      expect(await askWho()).toBeNull();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is asked on a guest page when the hint says a session may exist', async () => {
    const fetchMock = serverAnswering(200);
    setHint(true);
    window.history.replaceState(null, '', '/login');
    expect(await askWho()).toEqual(sampleUser);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('is always asked on a page that needs an account', async () => {
    const fetchMock = serverAnswering(401);
    window.history.replaceState(null, '', '/dashboard');
    expect(await askWho()).toBeNull();
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
