import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { pdfOf, png, sha256 } from '../helpers/fixtures';
import { TOO_MANY_JOBS } from '../../src/services/jobs/queue';
import { FILE_THUMBNAIL_JOB } from '../../src/services/thumbnails/storage';
import { startTestApp, until, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/**
 * A PDF of about 2.5 KB whose one page costs a million drawing operations: seven nested forms, each drawing
 * the one below ten times. pdftoppm needs far more than its CPU limit for it (about 25 s of CPU unbounded).
 * `seed` makes each one different bytes.
 */
function slowPdf(seed: number): Buffer {
  const levels = 7;
  const names = Array.from({ length: levels }, (_, k) => `/X${k} ${5 + k} 0 R`).join(' ');
  const stream = (dict: string, body: string) =>
    `<< ${dict} /Length ${body.length} >>\nstream\n${body}\nendstream`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /XObject << ${names} >> >> >>`,
    stream('', `% copy ${seed}\n/X${levels - 1} Do`),
    ...Array.from({ length: levels }, (_, k) =>
      stream(
        `/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /XObject << ${names} >> >>`,
        k === 0
          ? '0 0 1 1 re f 0.5 0.5 1 1 re S'
          : Array(10)
              .fill(`/X${k - 1} Do`)
              .join(' '),
      ),
    ),
  ];
  return pdfOf(objects);
}

/**
 * One account's slow files must not starve another's thumbnails: the workers (two, as on a two-core machine)
 * are shared fairly between accounts, each account has a cap on jobs waiting, and bytes that already failed
 * are not rendered again.
 */
describe.each(DIALECTS)('thumbnail jobs shared fairly between accounts (%s)', (dialect) => {
  let t: TestApp;
  let slow: TestClient;
  let other: TestClient;
  let runsLog: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { THUMBNAIL_WORKERS: '2', THUMBNAIL_QUEUE_PER_ACCOUNT: '4' } });
    slow = t.client();
    await slow.signUp({ name: 'Slow PDFs' });
    other = t.client();
    await other.signUp({ name: 'Other' });
    // Every pdftoppm run leaves a line here, then the real one runs.
    runsLog = path.join(t.dataDir, 'pdftoppm-runs.log');
    const wrapper = path.join(t.dataDir, 'pdftoppm');
    const real = t.services.thumbnails.tools.pdftoppm;
    expect(real, 'pdftoppm is installed').toBeDefined();
    fs.writeFileSync(wrapper, `#!/bin/sh\necho run >> '${runsLog}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
    t.services.thumbnails.tools.pdftoppm = wrapper;
  }, 60_000);
  afterAll(() => t?.close());

  const pdftoppmRuns = () =>
    fs.existsSync(runsLog) ? fs.readFileSync(runsLog, 'utf8').split('\n').length - 1 : 0;
  const jobOf = (fileId: string) => t.services.jobs.find(FILE_THUMBNAIL_JOB, fileId);
  const thumbnailOf = async (client: TestClient, id: string) =>
    until('a thumbnail', async () => {
      const file = (await client.get(`/api/v1/files/f/${id}`)).body.data;
      return (file.thumbnailUrl as string | null) ?? undefined;
    });
  const upload = async (client: TestClient, bytes: Buffer, name: string, type: string) => {
    const up = await client.upload({ bytes, name, type });
    expect(up.status).toBe(201);
    return up.body.data._id as string;
  };

  it('fails a copy of bytes that failed before the same way, after as long, without running pdftoppm again', async () => {
    const broken = Buffer.from('%PDF-1.4\nthis is no document at all\n%%EOF\n', 'latin1');
    const first = await upload(slow, broken, 'broken.pdf', 'application/pdf');
    const failed = await until('the first job to fail', async () => {
      const job = await jobOf(first);
      return job?.state === 'failed' && job;
    });
    expect(failed.last_error).toMatch(/^pdf: /);
    expect(pdftoppmRuns()).toBe(1);
    const remembered = await t.db
      .selectFrom('thumbnail_failures')
      .selectAll()
      .where('blob_hash', '=', sha256(broken))
      .executeTakeFirstOrThrow();

    const copy = await upload(other, broken, 'mine.pdf', 'application/pdf');
    const claimed = await until('the copy to be claimed', async () => {
      const job = await jobOf(copy);
      return job?.state !== 'queued' && job;
    });
    const done = await until("the copy's job to fail", async () => {
      const job = await jobOf(copy);
      return job?.state === 'failed' && job;
    });
    expect(done.last_error).toBe(failed.last_error);
    expect(done.attempts).toBe(1);
    expect(pdftoppmRuns()).toBe(1);
    // Claimed, then waited out the first attempt's time before failing (a lower bound: it never ends early).
    if (claimed.state === 'running') {
      expect(Date.parse(done.updated_at) - Date.parse(claimed.updated_at)).toBeGreaterThanOrEqual(
        remembered.elapsed_ms - 5,
      );
    }
    expect((await other.get(`/api/v1/files/f/${copy}`)).body.data).toMatchObject({
      thumbnailUrl: null,
      thumbnailPending: false,
    });
  });

  it("makes another account's thumbnail while one account's four slow PDFs are still waiting", async () => {
    // A photo the other account has already, with its thumbnail made.
    const photo = png(1, 64, 48);
    const photoId = await upload(other, photo, 'photo.png', 'image/png');
    await thumbnailOf(other, photoId);

    const slowIds: string[] = [];
    for (let i = 0; i < 4; i++)
      slowIds.push(await upload(slow, slowPdf(i), `slow-${i}.pdf`, 'application/pdf'));
    // Past its cap of four, the slow account's next file gets no job: failed at once, and no thumbnail even
    // though its bytes have one (which would tell it that someone else holds them).
    const over = await upload(slow, photo, 'same-photo.png', 'image/png');
    expect(await jobOf(over)).toMatchObject({ state: 'failed', last_error: TOO_MANY_JOBS });
    expect((await slow.get(`/api/v1/files/f/${over}`)).body.data).toMatchObject({
      thumbnailUrl: null,
      thumbnailPending: false,
    });
    expect((await slow.get(`/api/v1/files/f/${over}/thumbnail`)).status).toBe(404);

    const slowStates = async () => Promise.all(slowIds.map(async (id) => (await jobOf(id))!.state));
    await until('a slow PDF to be running', async () => (await slowStates()).includes('running'));

    const started = Date.now();
    const fresh = await upload(other, png(2, 64, 48), 'fresh.png', 'image/png');
    await thumbnailOf(other, fresh);
    const elapsed = Date.now() - started;
    const states = await slowStates();
    console.log(
      `[thumbnail fairness, ${dialect}] another account's thumbnail took ${elapsed} ms with four slow PDFs queued ` +
        `(their jobs then: ${states.join(', ')})`,
    );
    // It did not wait for them: at most one has started (one running per account), none has finished.
    expect(states.filter((s) => s === 'queued' || s === 'running').length).toBe(4);
    expect(states.filter((s) => s === 'running').length).toBeLessThanOrEqual(1);

    // They really are slow: the first is stopped by the tools' limits, not rendered.
    const first = await until(
      'the first slow PDF to fail',
      async () => {
        const job = await jobOf(slowIds[0]!);
        return job?.state === 'failed' && job;
      },
      120_000,
    );
    expect(first.last_error).toMatch(/^pdf: pdftoppm (used more than \d+ s of CPU|did not finish within)/);
    // The rest need not run: closing the server waits only for the job in hand.
    await t.db.deleteFrom('jobs').where('state', '=', 'queued').execute();
  }, 180_000);
});
