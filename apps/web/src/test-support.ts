import type { User } from '@cloudstash/contract';

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
