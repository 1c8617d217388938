import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../helpers/dialects';
import { FILE_THUMBNAIL_JOB } from '../../src/services/thumbnails/storage';
import { ffmpegVideo } from '../helpers/fixtures';
import { startChildServer, type ChildServer } from '../helpers/child-server';
import { TestClient, strongPassword } from '../helpers/test-client';
import { until } from '../helpers/test-app';
import { postgresAvailable } from './postgres-gate';

const RUN = postgresAvailable('thumbnail lease suite (2 processes, PostgreSQL)');

/**
 * A job claimed by a process that is then killed is taken by another process. Process A finds an ffprobe on
 * its PATH that never answers (it waits for as long as A lives), so A is surely
 * mid-job when it is killed with SIGKILL. Waiting out the five-minute lease is replaced by moving the lease's
 * expiry into the past in the database, which is all the passing of time would change.
 */
describe.runIf(RUN)('a thumbnail job of a killed process (2 processes, PostgreSQL)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-lease-'));
  const servers: ChildServer[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGKILL');
    await database?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('is claimed again by another process once its lease has expired, and finished there', async () => {
    database = await createPostgresDatabase();
    const stuckBin = path.join(root, 'stuck-bin');
    fs.mkdirSync(stuckBin);
    // Its standard input is the video file, so it waits on its parent (process A) rather than on a read.
    fs.writeFileSync(
      path.join(stuckBin, 'ffprobe'),
      '#!/bin/sh\nwhile kill -0 $PPID 2>/dev/null; do sleep 0.2; done\n',
      { mode: 0o755 },
    );
    const video = ffmpegVideo(root, { seconds: 1, size: '160x120' });
    const shared = {
      DATABASE_URL: database.url,
      DATA_DIR: path.join(root, 'data'),
      APP_SECRET: 'lease-test-secret-0123456789abcdef',
    };

    const a = await startChildServer({
      ...shared,
      PATH: `${stuckBin}${path.delimiter}${process.env.PATH}`,
      THUMBNAIL_WORKERS: '1',
    });
    servers.push(a);
    const alice = new TestClient(a.baseUrl);
    await alice.signUp();
    const up = await alice.upload({ bytes: video, name: 'clip.mp4', type: 'video/mp4' });
    expect(up.status).toBe(201);

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const fileId = up.body.data._id as string;
      // A new file's thumbnails are made by a job of its own, keyed by the file.
      const job = async () =>
        (await db.query(`select * from jobs where kind = $1 and key = $2`, [FILE_THUMBNAIL_JOB, fileId]))
          .rows[0] as { state: string; lease_owner: string | null; attempts: number } | undefined;
      const claimed = await until('process A to claim the job', async () => {
        const row = await job();
        return row?.state === 'running' && row;
      });
      expect(claimed.attempts).toBe(1);
      expect(await a.kill('SIGKILL')).toBeNull();

      // The lease would run out in five minutes; move it into the past instead.
      await db.query(`update jobs set lease_expires_at = '2000-01-01T00:00:00.000Z' where key = $1`, [
        fileId,
      ]);
      const b = await startChildServer({ ...shared, THUMBNAIL_WORKERS: '1' });
      servers.push(b);
      const done = await until('process B to finish the job', async () => {
        const row = await job();
        return row?.state === 'done' && row;
      });
      expect(done.attempts).toBe(2);
      expect(done.lease_owner).toBeNull();

      const bob = new TestClient(b.baseUrl);
      expect((await bob.login(alice.user!.email, strongPassword)).status).toBe(200);
      const file = (await bob.get(`/api/v1/files/f/${up.body.data._id}`)).body.data;
      expect(file.thumbnailUrl).toBe(`/api/v1/files/f/${up.body.data._id}/thumbnail`);
      const poster = await bob.get(file.thumbnailUrl);
      expect(poster.status).toBe(200);
      expect(poster.headers.get('content-type')).toBe('image/webp');
    } finally {
      await db.end();
    }
  });
});
