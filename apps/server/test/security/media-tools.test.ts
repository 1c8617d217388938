import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { sha256 } from '../helpers/fixtures';
import { FILE_THUMBNAIL_JOB } from '../../src/services/thumbnails/storage';
import { startTestApp, until, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/** Runs ffmpeg; it is required here (CI installs it), so a missing one fails the suite instead of skipping. */
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);

/** A one-second video of one colour, made in `dir`. */
function solidVideo(dir: string, name: string, colour: string): string {
  const file = path.join(dir, name);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=${colour}:size=64x48:duration=1:rate=5`,
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

/**
 * A DASH manifest that starts with `<!--free-->`: file-type reads "free" at bytes 4-8 and calls it QuickTime,
 * while an ffmpeg left to probe the content picks its DASH demuxer, which opens the file the manifest names.
 */
function manifestNaming(target: string): Buffer {
  return Buffer.from(
    '<!--free--><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT1S" ' +
      'minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011"><Period>' +
      '<AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="1000" width="64" height="48">' +
      `<BaseURL>file://${target}</BaseURL><SegmentBase/></Representation></AdaptationSet></Period></MPD>\n`,
    'utf8',
  );
}

/** The colour in the middle of a PNG or WebP, as [r, g, b]. */
async function middleColour(image: Buffer): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}
const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;

describe.each(DIALECTS)('media tools read the upload and nothing else (%s)', (dialect) => {
  let t: TestApp;
  let mallory: TestClient;
  let secretVideo: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { THUMBNAIL_WORKERS: '1' } });
    mallory = t.client();
    await mallory.signUp({ name: 'Mallory' });
    // A video elsewhere on the server's disk, which the uploader never had.
    secretVideo = solidVideo(t.dataDir, 'elsewhere-on-disk.mp4', 'red');
  }, 60_000);
  afterAll(() => t?.close());

  const fileOf = async (id: string) => (await mallory.get(`/api/v1/files/f/${id}`)).body.data;
  const finishedJob = (id: string) =>
    until('the thumbnail job to finish', async () => {
      const job = await t.services.jobs.find(FILE_THUMBNAIL_JOB, id);
      return (job?.state === 'done' || job?.state === 'failed') && job;
    });

  it('refuses a "QuickTime" file that is a DASH manifest naming a local video, showing none of it', async () => {
    const crafted = manifestNaming(secretVideo);
    // The crafted file does what it is made for with an ffmpeg left to probe: the frame is the local video's.
    const probed = path.join(t.dataDir, 'probe-me.mov');
    fs.writeFileSync(probed, crafted);
    const leaked = execFileSync('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-i',
      probed,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      '-',
    ]);
    expect(isRed(await middleColour(leaked))).toBe(true);

    const up = await mallory.upload({ bytes: crafted, name: 'innocent.mov', type: 'video/quicktime' });
    expect(up.status).toBe(201);
    expect(up.body.data.mimetype).toBe('video/quicktime');
    const id = up.body.data._id as string;

    const job = await finishedJob(id);
    expect(job.state).toBe('failed');
    expect(job.last_error).toMatch(/^video: /);
    expect((await fileOf(id)).thumbnailUrl).toBeNull();
    for (const size of ['256', '1024']) {
      const thumb = await mallory.get(`/api/v1/files/f/${id}/thumbnail?size=${size}`);
      expect(thumb.status).toBe(404);
      expect(thumb.body.message).toBe(MESSAGES.thumbnailNotFound);
    }
    const rows = await t.db
      .selectFrom('thumbnails')
      .selectAll()
      .where('blob_hash', '=', sha256(crafted))
      .execute();
    expect(rows).toEqual([]);
  });

  it('still makes posters of real videos read through the pipe: WebM, and MP4 whose index comes last', async () => {
    const webm = solidVideo(t.dataDir, 'blue.webm', 'blue');
    // About 2 MB with the index (moov) after the frames, ffmpeg's default: reading it means seeking back.
    const long = path.join(t.dataDir, 'index-last.mp4');
    ffmpeg(
      ['-f', 'lavfi', '-i', 'testsrc2=duration=3:size=640x360:rate=25', '-pix_fmt', 'yuv420p'].concat([
        '-b:v',
        '5M',
        long,
      ]),
    );
    expect(fs.statSync(long).size).toBeGreaterThan(1_000_000);
    const uploads = [
      { bytes: fs.readFileSync(webm), name: 'blue.webm', type: 'video/webm', width: 64 },
      { bytes: fs.readFileSync(long), name: 'long.mp4', type: 'video/mp4', width: 640 },
    ];
    for (const u of uploads) {
      const up = await mallory.upload(u);
      expect(up.status).toBe(201);
      const id = up.body.data._id as string;
      expect(await finishedJob(id)).toMatchObject({ state: 'done', last_error: null });
      const poster = await mallory.get(`/api/v1/files/f/${id}/thumbnail?size=1024`);
      expect(poster.status).toBe(200);
      expect(await sharp(poster.bytes).metadata()).toMatchObject({ format: 'webp', width: u.width });
    }
  });
});
