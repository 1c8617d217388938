import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { CRASH_SERVER, startChildServer } from '../helpers/child-server';
import { createPostgresDatabase, DIALECTS } from '../helpers/dialects';
import { png, sha256 } from '../helpers/fixtures';
import { TestClient } from '../helpers/test-client';
import { filesUnder } from '../helpers/test-app';
import { CRASH_STEPS } from './crash-points';

/** Kills per step; CLOUDSTASH_CRASH_ROUNDS raises it for a longer soak (the suite's default keeps it short). */
const ROUNDS_PER_STEP = Number(process.env.CLOUDSTASH_CRASH_ROUNDS ?? 1);

/**
 * Invariant 4 at every step of an upload, not at random moments: the server runs as a child process
 * (crash-server.ts) with CLOUDSTASH_TEST_CRASH_AT=<step>, so it SIGKILLs itself exactly when the nth upload reaches
 * that step (after the temporary write, after its fsync, after the rename into place, after the file row is
 * inserted but before the commit, after the commit). Every upload answered 201 must download with its hash
 * after a restart, the restart must sweep temporary files, and fsck must be clean after gc.
 */
describe.each(DIALECTS)('SIGKILL at each upload step (%s)', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-crashstep-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged upload, whichever step the process dies at', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, APP_SECRET: 'crash-step-secret' };
    if (dialect === 'postgres') {
      const db = await createPostgresDatabase();
      env.DATABASE_URL = db.url;
      dropDatabase = db.drop;
    }
    const acknowledged: { id: string; hash: string }[] = [];
    const killsByStep: Record<string, number> = {};
    let credentials: { email: string; password: string } | undefined;
    let round = 0;

    for (const step of CRASH_STEPS) {
      for (let r = 0; r < ROUNDS_PER_STEP; r++, round++) {
        // The kill comes at the 1st, 2nd or 3rd upload to reach the step, so earlier ones are answered first.
        const crashAfter = String(1 + (round % 3));
        const server = await startChildServer(
          {
            ...env,
            CLOUDSTASH_TEST_CRASH_AT: step,
            CLOUDSTASH_TEST_CRASH_AFTER: crashAfter,
          },
          undefined,
          CRASH_SERVER,
        );
        const exited = once(server.process, 'exit');
        const client = new TestClient(server.baseUrl);
        if (!credentials) credentials = await client.signUp();
        else expect((await client.login(credentials.email, credentials.password)).status).toBe(200);

        // One upload after another until the process dies; odd ones repeat stored bytes (the dedup path).
        const outcomes: (number | 'cut off')[] = [];
        for (let i = 0; i < 6 && !outcomes.includes('cut off'); i++) {
          const bytes = png(i % 2 === 0 ? 50_000 + round * 10 + i : 4242, 48, 48);
          outcomes.push(
            await client.upload({ bytes }).then(
              (answer) => {
                if (answer.status === 201)
                  acknowledged.push({ id: answer.body.data._id, hash: sha256(bytes) });
                return answer.status;
              },
              () => 'cut off' as const,
            ),
          );
        }
        await Promise.race([
          exited,
          new Promise((_, reject) => setTimeout(() => reject(new Error(`no crash at ${step}`)), 10_000)),
        ]);
        // The process died of the hook's SIGKILL at that step, not of anything else.
        expect(server.process.signalCode, `${step}: ${server.stderr()}`).toBe('SIGKILL');
        expect(
          outcomes.every((o) => o === 201 || o === 'cut off'),
          `${step}: ${outcomes.join()}`,
        ).toBe(true);
        expect(outcomes.at(-1)).toBe('cut off');
        expect(outcomes.filter((o) => o === 201)).toHaveLength(Number(crashAfter) - 1);
        killsByStep[step] = (killsByStep[step] ?? 0) + 1;
      }
    }

    const server = await startChildServer(env);
    // Start-up removes whatever temporary files the kills left behind.
    expect(filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);
    const client = new TestClient(server.baseUrl);
    expect((await client.login(credentials!.email, credentials!.password)).status).toBe(200);
    for (const { id, hash } of acknowledged) {
      const content = await client.get(`/api/v1/files/f/${id}/content`);
      expect(content.status, id).toBe(200);
      expect(sha256(content.bytes), id).toBe(hash);
    }
    // Every row the kills left (acknowledged or not) has its bytes.
    const listed = await client.get('/api/v1/files/user-files?limit=200');
    for (const file of listed.body.data as { url: string }[])
      expect((await client.get(file.url)).status).toBe(200);
    await server.kill('SIGTERM');

    const { services, store, app } = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    await services.maintenance.gc({ graceMs: 0 });
    expect((await services.maintenance.fsck()).problems).toEqual([]);
    // No partial file under a final name: every stored blob hashes to its name.
    for await (const stored of store.list()) {
      const bytes = fs.readFileSync(
        filesUnder(path.join(dataDir, 'blobs')).find((f) => f.endsWith(stored.key))!,
      );
      expect(sha256(bytes)).toBe(stored.key);
    }
    await app.close();
    console.log(
      `crash steps (${dialect}): ${Object.entries(killsByStep)
        .map(([s, n]) => `${s} x${n}`)
        .join(', ')}; ` +
        `${acknowledged.length} acknowledged uploads intact, ${listed.body.data.length} rows, fsck clean after gc`,
    );
  }, 240_000);
});
