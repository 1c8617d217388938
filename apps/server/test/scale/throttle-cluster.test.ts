import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { closedPort } from '../blobs/s3-server';
import { startChildServer, type ChildServer } from '../helpers/child-server';
import { createPostgresDatabase } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { postBurst, type BurstAnswer } from '../helpers/raw-burst';
import { TestClient, newAccount } from '../helpers/test-client';
import { postgresAvailable } from './postgres-gate';

const RUN = postgresAvailable('one throttle across processes (2 processes, PostgreSQL)');
const BURST = 60;

const statusCounts = (answers: BurstAnswer[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
};

/**
 * Two processes on one database take a burst of guesses split between them: the count is one, in the
 * database, so the pair checks no more than one process would.
 */
describe.runIf(RUN)(
  'a burst split between two processes checks at most the limit',
  { timeout: 240_000 },
  () => {
    let database: { url: string; drop: () => Promise<void> };
    const dataDirs: string[] = [];
    const nodes: ChildServer[] = [];
    beforeAll(async () => {
      database = await createPostgresDatabase();
      // One at a time, so the schema is created once before the other starts.
      for (let i = 0; i < 2; i++) {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cloudstash-throttle${i}-`));
        dataDirs.push(dataDir);
        nodes.push(
          await startChildServer({
            DATABASE_URL: database.url,
            DATA_DIR: dataDir,
            PORT: String(await closedPort()),
            APP_SECRET: 'throttle-cluster-test',
            LOGIN_LOCKOUT_FAILURES: '10',
          }),
        );
      }
    }, 240_000);
    afterAll(async () => {
      await Promise.all(nodes.map((n) => n.kill('SIGKILL')));
      await database?.drop();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    const burst = (path: string, json: (i: number) => unknown) =>
      postBurst(
        Array.from({ length: BURST }, (_, i) => ({ baseUrl: nodes[i % 2]!.baseUrl, path, json: json(i) })),
      );

    it('link passwords: 10 checks for the address, the right password among 60 included', async () => {
      const owner = new TestClient(nodes[0]!.baseUrl);
      await owner.signUp();
      const fileId = (await owner.upload({ bytes: png(9), filename: 'plans', isPublic: false })).body.data
        ._id;
      const token = (await owner.post(`/api/v1/files/f/${fileId}/links`, { password: 'correct horse' })).body
        .data.token as string;
      const answers = await burst(`/api/v1/s/${token}/unlock`, (i) => ({
        password: i === 17 ? 'correct horse' : `wrong guess ${i}`,
      }));
      const counts = statusCounts(answers);
      expect((counts[401] ?? 0) + (counts[200] ?? 0), JSON.stringify(counts)).toBe(10);
      expect(counts[429], JSON.stringify(counts)).toBe(BURST - 10);
      for (const a of answers.filter((x) => x.status === 429)) {
        expect(a.body).toEqual({ message: LINK_MESSAGES.linkTooManyAttempts, code: 'RATE_LIMITED' });
      }
    });

    it('sign-in: 10 passwords checked of 60 sent to one account through both processes', async () => {
      const victim = newAccount();
      expect((await new TestClient(nodes[1]!.baseUrl).register(victim)).answer.status).toBe(201);
      const answers = await burst('/api/v1/users/login', (i) => ({
        email: victim.email,
        password: `Wrong-Guess-${i}`,
      }));
      const counts = statusCounts(answers);
      expect(counts[401], JSON.stringify(counts)).toBe(10);
      expect(counts[429], JSON.stringify(counts)).toBe(BURST - 10);
      for (const a of answers.filter((x) => x.status === 429)) {
        expect(a.body).toEqual({ message: MESSAGES.accountLocked, code: 'ACCOUNT_LOCKED' });
      }
    });
  },
);
