import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { buildApp } from '../../src/app';
import { startChildServer } from '../helpers/child-server';
import { createPostgresDatabase, DIALECTS } from '../helpers/dialects';
import { png, sha256 } from '../helpers/fixtures';
import { TestClient } from '../helpers/test-client';

const ROUNDS = 4;
const UPLOADS_PER_ROUND = 12;

/**
 * Invariant 4: a process killed with SIGKILL in the middle of uploads leaves no file row without bytes.
 * Every upload answered 201 must download intact after a restart, and after gc, fsck is clean.
 */
describe.each(DIALECTS)('crash safety under SIGKILL (%s)', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-crash-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // Generous timeout: four server start-ups under a loaded CI machine.
  it('keeps every acknowledged upload across kills and restarts', { timeout: 240_000 }, async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, APP_SECRET: 'crash-test-secret' };
    if (dialect === 'postgres') {
      const db = await createPostgresDatabase();
      env.DATABASE_URL = db.url;
      dropDatabase = db.drop;
    }
    const acknowledged: { id: string; hash: string }[] = [];
    let credentials: { email: string; password: string } | undefined;
    let killedMidFlight = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const server = await startChildServer(env);
      const client = new TestClient(server.baseUrl);
      if (!credentials) credentials = await client.signUp();
      else expect((await client.login(credentials.email, credentials.password)).status).toBe(200);

      // Half the uploads repeat bytes already stored, so the dedup path is killed too.
      const uploads = Array.from({ length: UPLOADS_PER_ROUND }, (_, i) => {
        const bytes = png(i % 2 === 0 ? 9000 + round * 100 + i : 42, 96, 96);
        return client.upload({ bytes }).then(
          (answer) => {
            if (answer.status === 201) acknowledged.push({ id: answer.body.data._id, hash: sha256(bytes) });
            return answer.status;
          },
          () => 'killed',
        );
      });
      // Kill at a different moment each round, while uploads are in flight.
      await new Promise((r) => setTimeout(r, 20 + round * 35));
      await server.kill('SIGKILL');
      const outcomes = await Promise.all(uploads);
      killedMidFlight += outcomes.filter((o) => o === 'killed').length;
      expect(outcomes.every((o) => o === 201 || o === 'killed')).toBe(true);
    }

    const server = await startChildServer(env);
    const client = new TestClient(server.baseUrl);
    await client.login(credentials!.email, credentials!.password);
    for (const { id, hash } of acknowledged) {
      const content = await client.get(`/api/v1/files/f/${id}/content`);
      expect(content.status, id).toBe(200);
      expect(sha256(content.bytes)).toBe(hash);
    }
    await server.kill('SIGTERM');

    const { services, app } = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    await services.maintenance.gc({ graceMs: 0 });
    expect((await services.maintenance.fsck()).problems).toEqual([]);
    await app.close();
    console.log(
      `crash (${dialect}): ${ROUNDS} kills, ${acknowledged.length} acknowledged uploads intact, ${killedMidFlight} cut off`,
    );
  });
});
