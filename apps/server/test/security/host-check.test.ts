import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { newAccount } from '../helpers/test-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

const refused = { message: MESSAGES.unknownHost, code: 'MISDIRECTED' };

/** A request as a browser on a rebinding page would send it: its own name as Host and as Origin. */
function fromHost(t: TestApp, method: 'GET' | 'POST', url: string, host: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { host, origin: `http://${host}`, ...(payload && { 'content-type': 'application/json' }) },
    ...(payload && { payload: JSON.stringify(payload) }),
  });
}

/** DNS rebinding: a foreign name resolving to this server must not be answered, whatever its Origin says. */
describe.each(DIALECTS)('only configured hosts are answered (%s)', (dialect) => {
  let t: TestApp;
  const account = newAccount();
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.client().register(account);
  });
  afterAll(() => t.close());

  it.each(['rebind.evil.example:3000', 'evil.example', '169.254.1.1:3000', 'localhost.evil.example'])(
    'answers 421 to Host %s on GET and POST, health included, signing nobody in',
    async (host) => {
      for (const answer of [
        await fromHost(t, 'GET', '/api/v1/health', host),
        await fromHost(t, 'GET', '/api/v1/users/me', host),
        await fromHost(t, 'POST', '/api/v1/users/login', host, account),
      ]) {
        expect(answer.statusCode).toBe(421);
        expect(answer.json()).toEqual(refused);
        expect(answer.headers['x-request-id']).toBeTruthy();
        expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(answer.headers['set-cookie']).toBeUndefined();
      }
    },
  );

  it.each(['localhost:3000', 'localhost', '127.0.0.1:8080', '[::1]:3000', 'LOCALHOST:3000'])(
    'answers loopback Host %s',
    async (host) => {
      expect((await fromHost(t, 'GET', '/api/v1/health', host)).statusCode).toBe(200);
      expect((await fromHost(t, 'POST', '/api/v1/users/login', host, account)).statusCode).toBe(200);
    },
  );

  it("answers the machine's own interface addresses", async () => {
    const own = Object.values(os.networkInterfaces())
      .flat()
      .filter((i) => i && i.family === 'IPv4')
      .map((i) => i!.address);
    for (const address of own)
      expect((await fromHost(t, 'GET', '/api/v1/health', `${address}:3000`)).statusCode).toBe(200);
  });
});

describe('with PUBLIC_ORIGIN set, its host and ALLOWED_HOSTS only', () => {
  let t: TestApp;
  let listed: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { PUBLIC_ORIGIN: 'https://files.example.org' } });
    listed = await startTestApp('sqlite', {
      env: { PUBLIC_ORIGIN: 'https://files.example.org', ALLOWED_HOSTS: 'localhost, 10.1.2.3:8080' },
    });
  });
  afterAll(async () => {
    await t.close();
    await listed.close();
  });

  it('answers the public host and refuses localhost and foreign hosts', async () => {
    expect((await fromHost(t, 'GET', '/api/v1/health', 'files.example.org')).statusCode).toBe(200);
    expect((await fromHost(t, 'GET', '/api/v1/health', 'files.example.org:443')).statusCode).toBe(200);
    for (const host of ['localhost:3000', '127.0.0.1', 'files.example.org:8443', 'evil.example']) {
      const answer = await fromHost(t, 'GET', '/api/v1/health', host);
      expect(answer.statusCode, host).toBe(421);
      expect(answer.json()).toEqual(refused);
    }
  });

  it('answers hosts listed in ALLOWED_HOSTS, on their port when one is given', async () => {
    for (const [host, status] of [
      ['localhost:3000', 200],
      ['10.1.2.3:8080', 200],
      ['10.1.2.3:9090', 421],
      ['127.0.0.1', 421],
    ] as const)
      expect((await fromHost(listed, 'GET', '/api/v1/health', host)).statusCode, host).toBe(status);
  });
});
