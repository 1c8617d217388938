import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { cookieOf, startTestApp, type TestApp } from '../helpers/test-app';

const RUNS = Number(process.env.CLOUDSTASH_FUZZ_RUNS ?? 120);

/** Whatever the input: never a 5xx, never a stack trace or a server path, and API errors in the contract's shape. */
function expectHandled(response: LightMyRequestResponse, what: string) {
  expect(
    response.statusCode,
    `${what} -> ${response.statusCode} ${response.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  expect(response.body, what).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.ts:\d+|Error: |\/work\/|stack/);
  const type = String(response.headers['content-type'] ?? '');
  if (response.statusCode >= 400 && type.includes('application/json') && response.body !== '') {
    const body = JSON.parse(response.body) as Record<string, unknown>;
    expect(typeof body.message, what).toBe('string');
    expect(typeof body.code, what).toBe('string');
  }
}

/** Percent-encodes every UTF-8 byte (lone surrogates included), plus raw invalid UTF-8 sequences now and then. */
const enc = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const INVALID_UTF8 = ['%ED%A0%80', '%C0%AF', '%FF', '%E0%A4%A', '%', '%zz'];

const anyJson = fc.jsonValue({ maxDepth: 3 });
const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    "' OR '1'='1",
    '"; DROP TABLE users; --',
    '%00',
    '\u0000',
    '../../etc/passwd',
    '${7*7}',
    '{{7*7}}',
    '<script>',
    '\uD800',
    'NaN',
    '-1',
    '1e309',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 3000 }),
);
const fieldValue = fc.oneof(anyJson, oddString, fc.constant(undefined));

describe.each(DIALECTS)('malformed requests never produce a 500 (%s)', (dialect) => {
  let t: TestApp;
  let userCookie: string;
  let adminCookie: string;
  let fileId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const admin = t.client();
    await admin.signUp();
    adminCookie = cookieOf(admin);
    const user = t.client();
    await user.signUp();
    userCookie = cookieOf(user);
    fileId = (await user.upload({ bytes: png(1), isPublic: true })).body.data._id;
  });
  afterAll(() => t.close());

  type InjectOptions = {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string | Buffer;
  };
  const inject = (opts: InjectOptions) =>
    t.app.inject(opts as never) as unknown as Promise<LightMyRequestResponse>;

  it('survives any JSON body on every JSON route', async () => {
    const routes = [
      ['POST', '/api/v1/users/register'],
      ['POST', '/api/v1/users/login'],
      ['POST', '/api/v1/users/logout'],
      ['PATCH', `/api/v1/files/update/{id}`],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          anyJson,
          fc.record(
            {
              name: fieldValue,
              email: fieldValue,
              password: fieldValue,
              role: fieldValue,
              filename: fieldValue,
              isPublic: fieldValue,
            },
            { requiredKeys: [] },
          ),
        ),
        fc.boolean(),
        async ([method, url], body, signedIn) => {
          const response = await inject({
            method,
            url: url.replace('{id}', fileId),
            headers: { 'content-type': 'application/json', ...(signedIn && { cookie: userCookie }) },
            payload: JSON.stringify(body) ?? 'null',
          });
          expectHandled(response, `${method} ${url} ${JSON.stringify(body)?.slice(0, 200)}`);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('survives any raw bytes under any content type and encoding', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/v1/users/login',
          '/api/v1/users/register',
          '/api/v1/files/upload',
          `/api/v1/files/update/${'{id}'}`,
        ),
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-16',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/form-data; boundary=x',
          'text/plain',
          'application/xml',
          '',
          'application/json; charset=latin1',
          '*/*',
        ),
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)),
          oddString.map((s) => Buffer.from(s)),
          fc.constantFrom(
            Buffer.from('{"email":'),
            Buffer.from('{"a":1}}'),
            Buffer.from('--x\r\n'),
            Buffer.from('a=1&a=2&__proto__=x'),
          ),
        ),
        fc.constantFrom(undefined, 'gzip', 'deflate', 'br', 'identity', 'bogus'),
        async (url, type, payload, encoding) => {
          const response = await inject({
            method: url.includes('update') ? 'PATCH' : 'POST',
            url: url.replace('{id}', fileId),
            headers: {
              cookie: userCookie,
              ...(type && { 'content-type': type }),
              ...(encoding && { 'content-encoding': encoding }),
            },
            payload,
          });
          expectHandled(response, `${url} ${type} ${encoding} ${payload.toString('hex').slice(0, 80)}`);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('survives any query string on every list, as a user and as an admin', async () => {
    const keys = fc.constantFrom(
      'q',
      'category',
      'uploader',
      'userId',
      'id',
      'type',
      'visibility',
      'sort',
      'order',
      'limit',
      'cursor',
      'u',
      'e',
      's',
      'x',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/v1/files/public',
          '/api/v1/files/user-files',
          '/api/v1/admin/files',
          '/api/v1/admin/users',
          `/api/v1/admin/files/{uid}`,
          '/api/v1/files/f/{id}/content',
        ),
        fc.array(
          fc.tuple(
            keys,
            fc.oneof(
              oddString,
              fc.constantFrom(
                'createdAt',
                'size',
                'asc',
                'desc',
                'image',
                '0',
                '201',
                '-5',
                'eyJ4Ijp9',
                'bnVsbA',
              ),
            ),
          ),
          { maxLength: 5 },
        ),
        fc.boolean(),
        async (path, pairs, asAdmin) => {
          const query = pairs
            .map(
              ([k, v], i) =>
                `${enc(k)}=${enc(v)}${i === 2 ? INVALID_UTF8[v.length % INVALID_UTF8.length] : ''}`,
            )
            .join('&');
          const url = `${path.replace('{id}', fileId).replace('{uid}', fileId)}?${query}`;
          const response = await inject({
            method: 'GET',
            url,
            headers: { cookie: asAdmin ? adminCookie : userCookie },
          });
          expectHandled(response, url.slice(0, 300));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('survives any id, any path and any method, known route or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND'),
        fc.oneof(
          oddString.map((id) => `/api/v1/files/f/${enc(id)}`),
          oddString.map((id) => `/api/v1/files/f/${enc(id)}/content`),
          oddString.map((id) => `/api/v1/files/delete/${enc(id)}`),
          oddString.map((id) => `/api/v1/admin/stats/${enc(id)}`),
          oddString.map((p) => `/api/v1/${enc(p)}`),
          fc.constantFrom(
            '/api/v1/files/f/%E0%A4%A',
            '/api/v1/files/f/%',
            '/api/v1/%2e%2e/%2e%2e/etc/passwd',
            '/api/v1/files/f/' + 'a'.repeat(5000),
            '/%00',
            '/api//v1//files',
            '/api/v1/files/f/..%2f..%2fapp-secret',
            '/../../app-secret',
            '/assets/%2e%2e/%2e%2e/app-secret',
          ),
        ),
        fc.boolean(),
        async (method, url, signedIn) => {
          const response = await inject({
            method: method as 'GET',
            url,
            headers: signedIn ? { cookie: adminCookie } : {},
          });
          expectHandled(response, `${method} ${url.slice(0, 200)}`);
          expect(response.body).not.toMatch(/[A-Za-z0-9+/]{43}=/); // the app secret's base64, say
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('survives odd headers: cookies, ranges, origins, conditionals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          cookie: fc.oneof(
            fc.constant(userCookie),
            oddString.map((s) => `cloudstash_session=${s.replace(/[\r\n\0]/g, '')}`),
          ),
          range: fc.oneof(
            oddString,
            fc.constantFrom(
              'bytes=0-',
              'bytes=-',
              'bytes=1-0',
              'bytes=0-0,1-1',
              `bytes=${'0-1,'.repeat(500)}0-1`,
            ),
          ),
          'if-none-match': oddString,
          origin: fc.constantFrom(undefined, 'null', 'http://evil.example', ''),
        }),
        async (headers) => {
          const clean = Object.fromEntries(
            Object.entries(headers)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => [k, String(v).replace(/[^\x20-\x7e]/g, '')]),
          );
          const response = await inject({
            method: 'GET',
            url: `/api/v1/files/f/${fileId}/content`,
            headers: clean,
          });
          expectHandled(response, JSON.stringify(clean).slice(0, 300));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('refuses huge bodies with 413 rather than reading them whole', async () => {
    for (const [url, type] of [
      ['/api/v1/users/login', 'application/json'],
      ['/api/v1/users/register', 'application/x-www-form-urlencoded'],
      [`/api/v1/files/update/${fileId}`, 'application/json'],
    ] as const) {
      const response = await inject({
        method: url.includes('update') ? 'PATCH' : 'POST',
        url,
        headers: { 'content-type': type, cookie: userCookie },
        payload: `{"email":"${'a'.repeat(2 * 1024 * 1024)}"}`,
      });
      expect(response.statusCode, url).toBe(413);
      expectHandled(response, url);
    }
  });
});
