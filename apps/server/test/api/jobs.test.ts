import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_JOB_ATTEMPTS } from '../../src/services/jobs/queue';
import { Thumbnails } from '../../src/services/thumbnails/thumbnails';
import { DIALECTS } from '../helpers/dialects';
import { mp4, pdf, png, sha256 } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { runCli } from '../scale/run-cli';

/** The durable job queue, driven by hand (no worker runs here) with a clock the test moves. */
describe.each(DIALECTS)('background jobs (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { THUMBNAIL_WORKERS: '0' } });
  });
  afterAll(() => t.close());
  // Each test starts from an empty queue: a claim takes whichever job is due first.
  beforeEach(async () => {
    await t.db.deleteFrom('jobs').execute();
  });

  const minute = 60_000;

  it('enqueues a key once, whatever state its job is in', async () => {
    const { jobs } = t.services;
    expect(await jobs.enqueue('test-once', 'k1')).toBe(true);
    expect(await jobs.enqueue('test-once', 'k1')).toBe(false);
    expect(await jobs.enqueue('test-once', 'k2')).toBe(true);
    expect((await jobs.find('test-once', 'k1'))?.state).toBe('queued');
  });

  it('gives a job whose process died (lease expired) to another process, and only then', async () => {
    const { jobs } = t.services;
    const t0 = Date.parse('2030-01-01T00:00:00Z');
    await jobs.enqueue('test-lease', 'photo', null, t0);
    const first = await jobs.claim('process-a', t0, minute);
    expect(first).toMatchObject({ kind: 'test-lease', key: 'photo', state: 'running', attempts: 1 });

    // Process A is killed here. While its lease runs, nobody else may take the job.
    expect(await jobs.claim('process-b', t0 + 30_000, minute)).toBeUndefined();
    const second = await jobs.claim('process-b', t0 + minute + 1, minute);
    expect(second).toMatchObject({ id: first!.id, lease_owner: 'process-b', attempts: 2 });

    // A's late answer does not count: the job is B's now.
    expect(await jobs.complete(first!, t0 + minute + 2)).toBe(false);
    expect(await jobs.complete(second!, t0 + minute + 3)).toBe(true);
    expect(await jobs.find('test-lease', 'photo')).toMatchObject({ state: 'done', lease_owner: null });
    expect(await jobs.claim('process-c', t0 + 10 * minute, minute)).toBeUndefined();
  });

  it(`fails a job whose process keeps dying after ${MAX_JOB_ATTEMPTS} claims instead of retrying it for ever`, async () => {
    const { jobs } = t.services;
    const t0 = Date.parse('2031-01-01T00:00:00Z');
    await jobs.enqueue('test-crash', 'bomb', null, t0);
    for (let i = 0; i < MAX_JOB_ATTEMPTS; i++) {
      expect(await jobs.claim(`process-${i}`, t0 + i * 2 * minute, minute)).toMatchObject({
        attempts: i + 1,
      });
    }
    expect(await jobs.claim('process-last', t0 + 10 * minute, minute)).toBeUndefined();
    expect(await jobs.find('test-crash', 'bomb')).toMatchObject({
      state: 'failed',
      last_error: `gave up after ${MAX_JOB_ATTEMPTS} attempts that did not finish`,
    });
  });

  it('retries a passing failure later, and records a final one for good', async () => {
    const { jobs } = t.services;
    const t0 = Date.parse('2032-01-01T00:00:00Z');
    await jobs.enqueue('test-retry', 'flaky', null, t0);
    const job = await jobs.claim('p', t0, minute);
    expect(await jobs.fail(job!, 'store did not answer', { retry: true, now: t0 })).toBe(true);
    expect(await jobs.find('test-retry', 'flaky')).toMatchObject({
      state: 'queued',
      last_error: 'store did not answer',
    });
    expect(await jobs.claim('p', t0 + 1000, minute)).toBeUndefined(); // backing off
    const again = await jobs.claim('p', t0 + 10 * minute, minute);
    expect(again).toMatchObject({ attempts: 2 });
    expect(await jobs.fail(again!, 'cannot decode', { now: t0 + 10 * minute })).toBe(true);
    expect(await jobs.claim('p', t0 + 60 * minute, minute)).toBeUndefined();
    expect(await jobs.find('test-retry', 'flaky')).toMatchObject({
      state: 'failed',
      last_error: 'cannot decode',
    });
  });

  it('without ffmpeg or pdftoppm, videos and PDFs get no thumbnail job and uploads still work', async () => {
    const alice = t.client();
    await alice.signUp();
    const { jobs, config } = t.services;
    const bare = new Thumbnails(t.db, t.store, jobs, {}, config, t.app.log, t.clock);
    for (const [bytes, type] of [
      [mp4(77), 'video/mp4'],
      [pdf('no tools'), 'application/pdf'],
      [png(77), 'image/png'],
    ] as const) {
      const up = await alice.upload({ bytes, type, name: 'x' });
      expect(up.status).toBe(201);
    }
    // The server here has the tools, so every upload was queued; a process without them queues images only.
    await t.db.deleteFrom('jobs').where('kind', '=', 'thumbnail').execute();
    expect(await bare.backfill()).toBe(1);
    expect(await t.services.thumbnails.backfill()).toBe(2);
  });

  it('cli thumbnails --backfill queues the stored files that have no thumbnails yet', async () => {
    const bob = t.client();
    await bob.signUp();
    await bob.upload({ bytes: png(88), type: 'image/png', name: 'old.png' });
    await bob.upload({ bytes: png(89), type: 'image/png', name: 'older.png' });
    const env = {
      DATA_DIR: t.dataDir,
      ...(t.dialect === 'postgres' && {
        DATABASE_URL: t.services.config.database.kind === 'postgres' ? t.services.config.database.url : '',
      }),
    };
    const first = await runCli(['thumbnails', '--backfill'], env);
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/^thumbnails: queued \d+ stored file\(s\) for thumbnails$/m);
    expect(await t.services.jobs.find('thumbnail', sha256(png(88)))).toMatchObject({ state: 'queued' });
    const again = await runCli(['thumbnails', '--backfill'], env);
    expect(again.stdout).toContain('thumbnails: queued 0 stored file(s)');
    expect((await runCli(['thumbnails'], env)).code).toBe(2);
  });
});
