import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { CRASH_SERVER, startChildServer, type ChildServer } from '../helpers/child-server';
import { createPostgresDatabase, DIALECTS } from '../helpers/dialects';
import { sha256, text } from '../helpers/fixtures';
import { TestClient } from '../helpers/test-client';
import type { TrashCrashStep } from './crash-points';

/**
 * The trash under SIGKILL: the server dies while moving a file into the trash (before that commit), while
 * purging it (before that commit), and after a purge committed but before its bytes were deleted. Whatever the
 * step, nothing acknowledged is lost: an item is either where it was or in the trash, bytes another account
 * holds always download, and gc then fsck leave a clean store.
 */
describe.each(DIALECTS)('SIGKILL in the steps of the trash (%s)', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-trashcrash-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing, whichever step of a delete or a purge the process dies at', async () => {
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      APP_SECRET: 'trash-crash-secret',
      TRASH_RETENTION_DAYS: '30',
    };
    if (dialect === 'postgres') {
      const db = await createPostgresDatabase();
      env.DATABASE_URL = db.url;
      dropDatabase = db.drop;
    }
    const shared = text('bytes both accounts hold'.padEnd(3000, '.'));
    const own = text('bytes only the owner holds'.padEnd(2000, '.'));

    let server = await startChildServer(env);
    const owner = { ...(await new TestClient(server.baseUrl).signUp()) };
    const otherClient = new TestClient(server.baseUrl);
    const other = await otherClient.signUp();
    const othersId = (await otherClient.upload({ bytes: shared, type: 'text/plain', name: 'otto.txt' })).body
      .data._id as string;
    const signIn = async (who: { email: string; password: string }) => {
      const client = new TestClient(server.baseUrl);
      expect((await client.login(who.email, who.password)).status).toBe(200);
      return client;
    };
    let client = await signIn(owner);
    const sharedId = (await client.upload({ bytes: shared, type: 'text/plain', name: 'shared.txt' })).body
      .data._id as string;
    const ownId = (await client.upload({ bytes: own, type: 'text/plain', name: 'own.txt' })).body.data
      ._id as string;
    await server.kill('SIGTERM');

    /** Runs `request` on a server set to die at `step`; answers whether the request was cut off. */
    const dieAt = async (step: TrashCrashStep, request: (c: TestClient) => Promise<unknown>) => {
      server = await startChildServer({ ...env, CLOUDSTASH_TEST_CRASH_AT: step }, undefined, CRASH_SERVER);
      const exited = once(server.process, 'exit');
      const cutOff = await request(await signIn(owner)).then(
        () => false,
        () => true,
      );
      await Promise.race([
        exited,
        new Promise((_, reject) => setTimeout(() => reject(new Error(`no crash at ${step}`)), 10_000)),
      ]);
      expect(server.process.signalCode, `${step}: ${server.stderr()}`).toBe('SIGKILL');
      return cutOff;
    };
    const restart = async (): Promise<ChildServer> => {
      server = await startChildServer(env);
      client = await signIn(owner);
      return server;
    };
    const contentOf = async (c: TestClient, id: string) => {
      const answer = await c.get(`/api/v1/files/f/${id}/content`);
      return answer.status === 200 ? sha256(answer.bytes) : answer.status;
    };
    const trashIds = async () =>
      ((await client.get('/api/v1/trash')).body.data as { _id: string }[]).map((e) => e._id).sort();

    // 1. Dies moving a file in: the file is where it was, whole.
    expect(await dieAt('trash-before-commit', (c) => c.delete(`/api/v1/files/delete/${ownId}`))).toBe(true);
    await restart();
    expect(await contentOf(client, ownId)).toBe(sha256(own));
    expect(await trashIds()).toEqual([]);
    expect(
      (await client.post('/api/v1/files/batch', { action: 'delete', fileIds: [ownId, sharedId] })).status,
    ).toBe(200);
    expect(await trashIds()).toEqual([ownId, sharedId].sort());
    await server.kill('SIGTERM');

    // 2. Dies purging: both items are still in the trash, and restore whole.
    expect(await dieAt('purge-before-commit', (c) => c.delete('/api/v1/trash'))).toBe(true);
    await restart();
    expect(await trashIds()).toEqual([ownId, sharedId].sort());
    expect((await client.post('/api/v1/trash/restore', { fileIds: [ownId] })).status).toBe(200);
    expect(await contentOf(client, ownId)).toBe(sha256(own));
    expect((await client.delete(`/api/v1/files/delete/${ownId}`)).status).toBe(200);
    await server.kill('SIGTERM');

    // 3. Dies after the purge committed, before the released bytes were deleted: the trash is empty, and the
    // bytes another account holds still download.
    await dieAt('reclaim-before-delete', (c) => c.delete('/api/v1/trash'));
    await restart();
    expect(await trashIds()).toEqual([]);
    expect(await contentOf(await signIn(other), othersId)).toBe(sha256(shared));
    expect(await contentOf(client, ownId)).toBe(404);
    await server.kill('SIGTERM');

    const { services, app } = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    await services.maintenance.gc({ graceMs: 0 });
    expect((await services.maintenance.fsck()).problems).toEqual([]);
    await app.close();
  }, 120_000);
});
