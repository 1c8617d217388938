import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import type { Answer } from '../helpers/test-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** Every error answer carries the same shape and headers, whichever layer refused the request. */
function expectCommonErrorAnswer(answer: Answer<any>, echoed: string) {
  expect(Object.keys(answer.body).sort()).toEqual(['code', 'message']);
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(answer.headers.get('referrer-policy')).toBe('same-origin');
  expect(answer.bytes.toString()).not.toContain(echoed);
}

describe("errors found by Fastify's router and parsers go through the common error handler", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers a URL with bad percent-encoding as invalid input, without echoing it', async () => {
    const answer = await t.client().get('/api/v1/files/f/%ff');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: MESSAGES.invalidInput, code: 'VALIDATION_FAILED' });
    expectCommonErrorAnswer(answer, '%ff');
  });

  it('answers an id of any length as the file it cannot be, without echoing it', async () => {
    const id = 'z'.repeat(5000);
    const answer = await t.client().get(`/api/v1/files/f/${id}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: MESSAGES.fileNotFound, code: 'NOT_FOUND' });
    expectCommonErrorAnswer(answer, id);
  });

  it('answers an unknown API path with 404 in the same shape', async () => {
    const answer = await t.client().get('/api/v1/no-such-route-xyzzy');
    expect(answer.status).toBe(404);
    expectCommonErrorAnswer(answer, 'xyzzy');
  });

  it.each([
    ['a body over the limit', 413, 'application/json', JSON.stringify({ email: 'x'.repeat(70_000) })],
    ['an unknown content type', 415, 'text/x-xyzzy', 'xyzzy'],
    ['malformed JSON', 400, 'application/json', '{"xyzzy'],
  ])('answers %s with %i in the same shape', async (_label, status, type, body) => {
    const answer = await t.client().request('POST', '/api/v1/users/login', {
      body,
      headers: { 'content-type': type },
    });
    expect(answer.status).toBe(status);
    expectCommonErrorAnswer(answer, 'xyzzy');
  });
});
