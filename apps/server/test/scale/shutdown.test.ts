import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../helpers/child-server';
import { until } from '../helpers/test-app';
import { mp4, sha256 } from '../helpers/fixtures';
import { closedPort } from '../blobs/s3-server';
import { signInForCookie, signUpForCookie } from './session';
import { slowUpload } from './slow-upload';

/**
 * Graceful shutdown (issue "Scale out", point 3), on the real entry point in a child process: SIGTERM turns
 * readiness to 503 at once, an upload already in flight still completes and is kept, new connections are
 * refused once the drain period ends, and the process exits 0 having closed its database.
 */
describe('graceful shutdown on SIGTERM', () => {
  const dirs: string[] = [];
  const servers: ChildServer[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-shutdown-'));
    dirs.push(dir);
    return dir;
  };
  const start = async (env: Record<string, string>) => {
    const server = await startChildServer({
      PORT: String(await closedPort()),
      APP_SECRET: 'shutdown-test',
      ...env,
    });
    servers.push(server);
    return server;
  };
  /** A connection whose request has not begun is idle, and closed at once: wait until the body is being written. */
  const receiving = (DATA_DIR: string) =>
    until('the server to be writing the upload', async () => {
      const tmp = path.join(DATA_DIR, 'tmp');
      return fs.existsSync(tmp) && fs.readdirSync(tmp).length > 0;
    });
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGKILL');
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 on health at once, finishes the in-flight upload, then exits 0', async () => {
    const DATA_DIR = dataDir();
    const env = { DATA_DIR, SHUTDOWN_DRAIN_SECONDS: '1', SHUTDOWN_TIMEOUT_SECONDS: '20' };
    const server = await start(env);
    const { account, cookie } = await signUpForCookie(server.baseUrl);
    const bytes = mp4(7, 1_500_000);
    // About three seconds of trickling: longer than the drain, so the upload spans the listener closing.
    const upload = slowUpload(server.baseUrl, cookie, bytes, { chunks: 30, intervalMs: 100 });
    await upload.started;
    await receiving(DATA_DIR);

    const signalledAt = Date.now();
    const exited = server.kill('SIGTERM');
    const health = await until('health to answer 503', async () => {
      const answer = await fetch(`${server.baseUrl}/api/v1/health`);
      return answer.status === 503 && answer;
    });
    expect(((await health.json()) as { data: { shuttingDown: boolean } }).data.shuttingDown).toBe(true);

    // After the drain the listener is closed: no new connection is accepted.
    await until('the listener to close', () =>
      fetch(`${server.baseUrl}/api/v1/health`).then(
        () => false,
        () => true,
      ),
    );

    const answer = await upload.response;
    expect(answer.status).toBe(201);
    expect(await exited).toBe(0);
    const shutdownMs = Date.now() - signalledAt;
    expect(shutdownMs).toBeLessThan(10_000);

    // The upload that straddled the shutdown is there, byte for byte, after a restart.
    const again = await start(env);
    const cookieAgain = await signInForCookie(again.baseUrl, account.email, account.password);
    const content = await fetch(`${again.baseUrl}/api/v1/files/f/${answer.body.data._id}/content`, {
      headers: { cookie: cookieAgain },
    });
    expect(content.status).toBe(200);
    expect(sha256(Buffer.from(await content.arrayBuffer()))).toBe(sha256(bytes));
    console.log(
      `[shutdown] in-flight upload of ${bytes.length} bytes finished; process exited 0 ${shutdownMs} ms after SIGTERM`,
    );
  });

  it('gives up after SHUTDOWN_TIMEOUT_SECONDS when a request never finishes, exiting 1', async () => {
    const DATA_DIR = dataDir();
    const server = await start({ DATA_DIR, SHUTDOWN_TIMEOUT_SECONDS: '2' });
    const { cookie } = await signUpForCookie(server.baseUrl);
    // A client that stalls for ever after its first bytes.
    const stalled = slowUpload(server.baseUrl, cookie, mp4(8, 500_000), {
      chunks: 10,
      intervalMs: 60_000,
      startedAfterChunks: 1,
    });
    await stalled.started;
    await receiving(DATA_DIR);
    const signalledAt = Date.now();
    expect(await server.kill('SIGTERM')).toBe(1);
    expect(Date.now() - signalledAt).toBeLessThan(6000);
    await expect(stalled.response).rejects.toThrow();
  });
});
