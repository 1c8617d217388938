import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, apiUrl, messageOf, apiData } from './api-client';

afterEach(() => vi.unstubAllGlobals());

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status }));

describe('api client', () => {
  it('builds /api/v1 urls and leaves out empty parameters', () => {
    expect(
      apiUrl('/files/public', { q: 'cat', category: undefined, uploader: '', limit: 50, cursor: null }),
    ).toBe('/api/v1/files/public?q=cat&limit=50');
    expect(apiUrl('/users/me')).toBe('/api/v1/users/me');
  });

  it('sends the session cookie and JSON bodies', async () => {
    const fetchMock = respond(200, { message: 'ok', data: 1 });
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/users/login', { method: 'POST', body: { email: 'a@b.c' } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"email":"a@b.c"}');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('throws the server message on an error answer', async () => {
    vi.stubGlobal(
      'fetch',
      respond(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }),
    );
    const error = await apiRequest('/users/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(messageOf(error, 'Login failed. Please try again.')).toBe('Invalid email or password');
  });

  it('falls back to the action default message when the server gave no message', async () => {
    vi.stubGlobal('fetch', respond(500, undefined));
    const error = await apiRequest('/files/delete/1', { method: 'DELETE' }).catch((e: unknown) => e);
    expect(messageOf(error, 'Failed to delete file')).toBe('Failed to delete file');
  });

  it('reads the data of an envelope, and throws on any failure so the screen shows its error', async () => {
    vi.stubGlobal('fetch', respond(200, { message: 'ok', data: { totalFiles: 3 } }));
    expect(await apiData('/files/stats')).toEqual({ totalFiles: 3 });
    vi.stubGlobal('fetch', respond(500, { message: 'Something went wrong. Please try again.' }));
    await expect(apiData('/files/stats')).rejects.toMatchObject({ status: 500 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(apiData('/admin/stats')).rejects.toBeInstanceOf(ApiError);
  });
});
