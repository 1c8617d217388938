import { vi } from 'vitest';
import type { ItemAccess, ItemPermissions, User } from '@cloudstash/contract';

/** Test-only: a Storage stand-in (what localStorage offers the app), with its contents open to the test. */
export function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

/** Test-only: a signed-in user as the server describes one. */
export const sampleUser: User = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  role: 'user',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** Test-only: one request the app sent, as a fake server sees it. */
export interface ApiCall {
  method: string;
  /** Without the API's base (`/shares`, not `/api/v1/shares`). */
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** Test-only: what a fake server answers: a body (sent as JSON, with `status`), or undefined for a 404. */
export type FakeAnswer = { status?: number; body: unknown } | undefined;

/**
 * Test-only: a fetch stand-in that hands each API request to `answer` and records it, so a test can play the
 * server's part and then check what the screen asked for. Undone by vi.unstubAllGlobals().
 */
export function fakeApi(answer: (call: ApiCall) => FakeAnswer): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const parsed = new URL(url, 'http://app');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: parsed.pathname.replace(/^\/api\/v1/, ''),
      query: Object.fromEntries(parsed.searchParams),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const reply = answer(call);
    return new Response(JSON.stringify(reply?.body ?? { message: 'Not found' }), {
      status: reply ? (reply.status ?? 200) : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

const NONE: ItemPermissions = {
  view: false,
  write: false,
  move: false,
  delete: false,
  moderate: false,
  share: false,
  own: false,
  manageLinks: false,
  seeDownloads: false,
};

/** What the server answers an item's `permissions` with for a caller of this access to its folder. */
export function permissionsAs(access: ItemAccess, extra: Partial<ItemPermissions> = {}): ItemPermissions {
  const given: Record<ItemAccess, Partial<ItemPermissions>> = {
    owner: Object.fromEntries(Object.keys(NONE).map((key) => [key, true])),
    editor: { view: true, write: true, move: true, delete: true },
    viewer: { view: true },
    admin: { view: true, manageLinks: true, seeDownloads: true },
  };
  return { ...NONE, ...given[access], ...extra };
}
