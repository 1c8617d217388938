import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_MESSAGES } from '@cloudstash/contract';
import { startTestS3, type TestS3 } from '../blobs/s3-server';
import { createPostgresDatabase } from '../helpers/dialects';
import { Cluster } from './cluster';
import { postgresAvailable } from './postgres-gate';
import { runCli } from './run-cli';
import { signUpForCookie } from './session';

const RUN = postgresAvailable('crossed folder moves across processes (2 processes, PostgreSQL)');

/**
 * Moves of one owner's tree take turns across every process of a deployment: fifty pairs of crossed moves (A into
 * B, B into A), each half sent to a different process at the same moment, leave no cycle, and fsck finds none.
 */
describe.runIf(RUN)(
  'crossed folder moves across two processes on one PostgreSQL',
  { timeout: 180_000 },
  () => {
    let s3: TestS3;
    let cluster: Cluster;
    let database: { url: string; drop: () => Promise<void> };
    let cookie = '';

    const call = async (node: number, method: string, url: string, json: unknown) => {
      const response = await fetch(new URL(url, cluster.url(node)), {
        method,
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
      return { status: response.status, body: (await response.json()) as any };
    };

    beforeAll(async () => {
      s3 = await startTestS3();
      database = await createPostgresDatabase();
      cluster = await Cluster.start({
        databaseUrl: database.url,
        s3,
        bucket: await s3.createBucket(),
        size: 2,
      });
      cookie = (await signUpForCookie(cluster.url(0))).cookie;
    }, 120_000);

    afterAll(async () => {
      await cluster?.stop();
      await database?.drop();
      await s3?.close();
    });

    it('fifty crossed pairs, each half on its own process, make no cycle', async () => {
      const pairs: Array<[string, string]> = [];
      for (let i = 0; i < 50; i++) {
        const made = await Promise.all(
          ['A', 'B'].map((side) => call(0, 'POST', '/api/v1/folders', { name: `Pair ${i} ${side}` })),
        );
        pairs.push([made[0]!.body.data._id, made[1]!.body.data._id]);
      }
      const answers = await Promise.all(
        pairs.map(([a, b]) =>
          Promise.all([
            call(0, 'PATCH', `/api/v1/folders/${a}`, { parentId: b }),
            call(1, 'PATCH', `/api/v1/folders/${b}`, { parentId: a }),
          ]),
        ),
      );
      for (const pair of answers) {
        expect(pair.map((a) => a.status).sort()).toEqual([200, 400]);
        expect(pair.find((a) => a.status === 400)!.body.message).toBe(FOLDER_MESSAGES.intoItself);
      }

      const fsck = await runCli(['fsck'], cluster.env(0));
      expect(fsck.stdout).not.toContain('folder cycle');
      expect(fsck.code, fsck.stdout + fsck.stderr).toBe(0);
    });
  },
);
