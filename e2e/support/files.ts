import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extensionForMime, filenameWithoutExtension } from '@cloudstash/contract';
import { RUN_DIR } from './env';

const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** A file the suite uploads: where it is, what the browser calls it, and its bytes. */
export interface Fixture {
  path: string;
  /** File name as chosen in the browser, with extension. */
  name: string;
  /** The name without extension: the upload form's default filename. */
  stem: string;
  mimeType: string;
  /** Extension a download of this type is saved with. */
  ext: string;
  bytes: Buffer;
}

function fromPath(path: string, mimeType: string): Fixture {
  const name = basename(path);
  return {
    path,
    name,
    stem: filenameWithoutExtension(name),
    mimeType,
    ext: extensionForMime(mimeType),
    bytes: readFileSync(path),
  };
}

const fixture = (name: string, mimeType: string) => fromPath(join(FIXTURE_DIR, name), mimeType);

/** The committed fixtures (e2e/fixtures, made by fixtures/generate.mjs). */
export const FIXTURES = {
  png: fixture('pixel-art.png', 'image/png'),
  jpeg: fixture('photo.jpg', 'image/jpeg'),
  mp4: fixture('short-clip.mp4', 'video/mp4'),
  webm: fixture('short-clip.webm', 'video/webm'),
  pdf: fixture('quarterly-report.pdf', 'application/pdf'),
  /** Two pages whose JavaScript (on open) shows an alert and a password prompt, if anything runs it. */
  scriptedPdf: fixture('scripted-report.pdf', 'application/pdf'),
  txt: fixture('meeting-notes.txt', 'text/plain'),
  /** Wrong types: refused by the upload form before anything is sent. */
  html: fixture('web-page.html', 'text/html'),
  zip: fixture('archive.zip', 'application/zip'),
} as const;

export const SIX_MB = 6 * 1024 * 1024;

/** A 6 MB plain-text file, made once per run in the run's temporary directory (never committed). */
export function sixMegabyteFile(): Fixture {
  const path = join(RUN_DIR, 'six-megabytes.txt');
  if (!existsSync(path)) writeFileSync(path, Buffer.alloc(SIX_MB, 'a'));
  return fromPath(path, 'text/plain');
}

/**
 * A plain-text file whose bytes exist nowhere else in the run, so that deduplication figures can be
 * attributed to one test even while other tests upload the shared fixtures.
 */
export function uniqueTextFile(label: string, size = 3000): Fixture {
  const header = `${label} ${randomBytes(12).toString('hex')}\n`;
  const body = Buffer.alloc(Math.max(0, size - Buffer.byteLength(header)), 'x');
  const path = join(RUN_DIR, `${label}-${randomBytes(4).toString('hex')}.txt`);
  writeFileSync(path, Buffer.concat([Buffer.from(header), body]));
  return fromPath(path, 'text/plain');
}

/**
 * A copy of a photo or video fixture whose bytes exist nowhere else in the run, so its thumbnails are made
 * afresh (thumbnails belong to content, and another test may have uploaded the fixture already). The picture is
 * unchanged: a JPEG gets a comment segment after its start marker, an MP4 a trailing "free" box, both of which
 * decoders skip.
 */
export function uniqueMediaCopy(source: Fixture, label: string): Fixture {
  const marker = Buffer.from(`${label} ${randomBytes(12).toString('hex')}`);
  let bytes: Buffer;
  if (source.mimeType === 'image/jpeg') {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(marker.length + 2);
    bytes = Buffer.concat([
      source.bytes.subarray(0, 2),
      Buffer.from([0xff, 0xfe]),
      length,
      marker,
      source.bytes.subarray(2),
    ]);
  } else if (source.mimeType === 'video/mp4') {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(marker.length + 8);
    header.write('free', 4, 'latin1');
    bytes = Buffer.concat([source.bytes, header, marker]);
  } else {
    throw new Error(`no unique copy for ${source.mimeType}`);
  }
  const path = join(
    RUN_DIR,
    `${label}-${randomBytes(4).toString('hex')}${source.name.slice(source.name.lastIndexOf('.'))}`,
  );
  writeFileSync(path, bytes);
  return fromPath(path, source.mimeType);
}

/** A fixture made of `bytes`, named and typed as given. */
export function bytesFixture(name: string, mimeType: string, bytes: Buffer): Fixture {
  return {
    path: name,
    name,
    stem: name.replace(/\.[^.]+$/, ''),
    mimeType,
    ext: name.split('.').pop()!,
    bytes,
  };
}
