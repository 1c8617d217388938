import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { closedPort } from '../blobs/s3-server';
import { startChildServer, type ChildServer } from '../helpers/child-server';
import { createPostgresDatabase } from '../helpers/dialects';
import { postgresAvailable } from '../scale/postgres-gate';

const RUN = postgresAvailable('shared rate limits (3 processes, PostgreSQL)');
const LIMIT = 6;

/** Request limits are counted where every process sees them: N processes must not allow N times the limit. */
describe.runIf(RUN)('three processes on one PostgreSQL share the sign-in limit', { timeout: 120_000 }, () => {
  let database: { url: string; drop: () => Promise<void> };
  const dataDirs: string[] = [];
  const nodes: ChildServer[] = [];
  beforeAll(async () => {
    database = await createPostgresDatabase();
    for (let i = 0; i < 3; i++) dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `cloudstash-rl${i}-`)));
    // One at a time, so the schema is created once before the others start.
    for (const dataDir of dataDirs) {
      nodes.push(
        await startChildServer({
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          PORT: String(await closedPort()),
          APP_SECRET: 'shared-rate-limit-test',
          AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT),
        }),
      );
    }
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.kill('SIGKILL')));
    await database?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses attempts past the limit whichever process they reach', async () => {
    // 3 x LIMIT attempts, round robin. Counted per process, each would see only LIMIT and allow them all;
    // counted together, at most LIMIT pass per one-minute window, so at most 2 x LIMIT even if the attempts
    // straddle a window boundary, and at least LIMIT are refused.
    const statuses: number[] = [];
    for (let i = 0; i < 3 * LIMIT; i++) {
      const answer = await fetch(`${nodes[i % 3]!.baseUrl}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A different email each time, so only the address's limit can refuse (not an account's lockout).
        body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'Wrong-Guess-1' }),
      });
      const body = (await answer.json()) as { message: string; code: string };
      if (answer.status === 429) {
        expect(body).toEqual({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      } else {
        expect(answer.status).toBe(401);
      }
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 429).length, statuses.join(',')).toBeGreaterThanOrEqual(LIMIT);
  });
});
