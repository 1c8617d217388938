import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, LINK_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/** Ids no row can have: longer than any id (with and without non-ASCII), or merely not shaped like one. */
const OVERLONG_IDS = ['z'.repeat(150), 'é'.repeat(101), 'x'.repeat(3000)];
const MALFORMED_IDS = [...OVERLONG_IDS, 'not-an-id'];

interface IdRoute {
  method: string;
  path: (id: string) => string;
  json?: unknown;
  message: string;
  asAdmin?: boolean;
}

const FILE_ROUTES: IdRoute[] = [
  { method: 'GET', path: (id) => `/api/v1/files/f/${id}`, message: MESSAGES.fileNotFound },
  { method: 'GET', path: (id) => `/api/v1/files/f/${id}/download`, message: MESSAGES.fileNotFound },
  { method: 'GET', path: (id) => `/api/v1/files/f/${id}/content`, message: MESSAGES.fileNotFound },
  { method: 'GET', path: (id) => `/api/v1/files/f/${id}/thumbnail`, message: MESSAGES.fileNotFound },
  {
    method: 'PATCH',
    path: (id) => `/api/v1/files/update/${id}`,
    json: { filename: 'renamed', isPublic: true },
    message: MESSAGES.fileNotFound,
  },
  { method: 'DELETE', path: (id) => `/api/v1/files/delete/${id}`, message: MESSAGES.fileNotFound },
  { method: 'GET', path: (id) => `/api/v1/files/f/${id}/links`, message: MESSAGES.fileNotFound },
  { method: 'POST', path: (id) => `/api/v1/files/f/${id}/links`, json: {}, message: MESSAGES.fileNotFound },
  { method: 'GET', path: (id) => `/api/v1/files/f/${id}/downloads`, message: MESSAGES.fileNotFound },
];

const OTHER_ROUTES: IdRoute[] = [
  { method: 'DELETE', path: (id) => `/api/v1/links/${id}`, message: LINK_MESSAGES.linkNotFound },
  { method: 'GET', path: (id) => `/api/v1/s/${id}`, message: LINK_MESSAGES.linkUnavailable },
  {
    method: 'DELETE',
    path: (id) => `/api/v1/users/me/sessions/${id}`,
    message: ACCOUNT_MESSAGES.sessionNotFound,
  },
  {
    method: 'DELETE',
    path: (id) => `/api/v1/users/me/tokens/${id}`,
    message: ACCOUNT_MESSAGES.tokenNotFound,
  },
  {
    method: 'PATCH',
    path: (id) => `/api/v1/admin/users/${id}`,
    json: { disabled: true },
    message: MESSAGES.userNotFound,
    asAdmin: true,
  },
  {
    method: 'DELETE',
    path: (id) => `/api/v1/admin/users/${id}`,
    message: MESSAGES.userNotFound,
    asAdmin: true,
  },
  {
    method: 'POST',
    path: (id) => `/api/v1/admin/users/${id}/reset-link`,
    message: MESSAGES.userNotFound,
    asAdmin: true,
  },
  { method: 'GET', path: (id) => `/api/v1/admin/stats/${id}`, message: MESSAGES.userNotFound, asAdmin: true },
];

const label = (route: IdRoute) => `${route.method} ${route.path(':id')}`;

describe.each(DIALECTS)('malformed ids in the path (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let owner: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = t.client();
    await admin.signUp();
    owner = t.client();
    await owner.signUp();
  });
  afterAll(() => t.close());

  it.each([...FILE_ROUTES, ...OTHER_ROUTES].map((route) => [label(route), route] as const))(
    '%s answers any malformed id as it answers an unknown one: 404 with the not-found message',
    async (_label, route) => {
      const client = route.asAdmin ? admin : owner;
      const send = (id: string) =>
        client.request(route.method, route.path(encodeURIComponent(id)), { json: route.json });
      const unknown = await send(crypto.randomUUID());
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: route.message, code: 'NOT_FOUND' });
      for (const id of MALFORMED_IDS) {
        const answer = await send(id);
        expect({ id: id.slice(0, 12), status: answer.status, body: answer.body }).toEqual({
          id: id.slice(0, 12),
          status: 404,
          body: { message: route.message, code: 'NOT_FOUND' },
        });
      }
    },
  );

  it("GET /api/v1/admin/files/:id answers a malformed user id with 404 and the user's not-found message", async () => {
    // An id that could be one lists nothing (200, empty); one longer than any id names no user at all.
    for (const id of OVERLONG_IDS) {
      const answer = await admin.get(`/api/v1/admin/files/${encodeURIComponent(id)}`);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 404,
        body: { message: MESSAGES.userNotFound, code: 'NOT_FOUND' },
      });
    }
  });
});
