import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { buildApp } from '../../src/app';
import { startChildServer } from '../helpers/child-server';
import { createPostgresDatabase, DIALECTS } from '../helpers/dialects';
import { mp4, sha256 } from '../helpers/fixtures';
import { TestClient } from '../helpers/test-client';

const MB = 1024 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };

function patch(client: TestClient, url: string, offset: number, bytes: Buffer) {
  return client.request('PATCH', url, {
    headers: { ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
    body: new Uint8Array(bytes),
  });
}

/**
 * A process killed with SIGKILL between two pieces of a resumable upload: the acknowledged piece survives,
 * fsck counts the upload as in flight and finds no damage, and the upload completes after the restart.
 */
describe.each(DIALECTS)('resumable upload under SIGKILL (%s)', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-resumable-kill-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the acknowledged piece and leaves a clean fsck', { timeout: 120_000 }, async () => {
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      APP_SECRET: 'resumable-kill-secret',
      MAX_UPLOAD_BYTES: String(64 * MB),
    };
    if (dialect === 'postgres') {
      const db = await createPostgresDatabase();
      env.DATABASE_URL = db.url;
      dropDatabase = db.drop;
    }
    const bytes = mp4(21, 12 * MB);
    const server = await startChildServer(env);
    const client = new TestClient(server.baseUrl);
    const account = await client.signUp();
    const created = await client.request('POST', '/api/v1/uploads', {
      headers: { ...TUS, 'upload-length': String(bytes.length) },
    });
    const url = created.headers.get('location')!;
    expect((await patch(client, url, 0, bytes.subarray(0, 5 * MB))).status).toBe(204);
    await server.kill('SIGKILL');

    const { app, services } = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    try {
      expect(await services.maintenance.fsck()).toMatchObject({ problems: [], uploadsInFlight: 1 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const again = new TestClient(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
      await again.login(account.email, account.password);
      const head = await again.request('HEAD', url, { headers: TUS });
      expect(head.headers.get('upload-offset')).toBe(String(5 * MB));
      const last = await patch(again, url, 5 * MB, bytes.subarray(5 * MB));
      expect(last.status).toBe(204);
      const fileId = last.headers.get('upload-file-id')!;
      const content = await again.get(`/api/v1/files/f/${fileId}/content`);
      expect(sha256(content.bytes)).toBe(sha256(bytes));
      expect(await services.maintenance.fsck()).toMatchObject({ problems: [], uploadsInFlight: 0 });
    } finally {
      await app.close();
    }
  });
});
