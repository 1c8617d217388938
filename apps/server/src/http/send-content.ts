import crypto from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, isAllowedMimeType, savedFilename } from '@cloudstash/contract';
import type { ByteRange } from '../blobs/blob-store';
import { Crc32c } from '../blobs/checksum';
import { FileRangeStream, type ReadCheck } from '../blobs/file-range-stream';
import type { FileContent } from '../services/files';
import { contentDisposition } from './content-disposition';
import { AppError } from '../errors';

/**
 * Only the spec's images and video are shown inline, by the app's own <img> and <video>, which run nothing; an
 * SVG is an image/* type too but a document that can run script, so it is, like HTML, XML and every other type
 * outside the spec's list, only ever an attachment (under the sandbox below, so even a browser that rendered
 * it anyway would run nothing on our origin). A PDF opened by the
 * browser itself (a navigation, frame, <embed> or <object>) would start the browser's PDF viewer, which runs
 * the document's JavaScript on our origin whatever the CSP says; so a PDF is inline only for a fetch()
 * (`Sec-Fetch-Dest: empty`), which is how the app's pdf.js viewer reads the bytes, and an attachment otherwise
 * (also when the header is missing: a fetch ignores the disposition anyway).
 */
function showsInline(mimetype: string, fetchDest: string | string[] | undefined): boolean {
  if (!isAllowedMimeType(mimetype)) return false;
  if (mimetype.startsWith('image/') || mimetype.startsWith('video/')) return true;
  return mimetype === 'application/pdf' && fetchDest === 'empty';
}

/** User bytes must never run as a page of our origin: the sandbox makes the response an opaque origin with no scripts. */
const CONTENT_SECURITY_POLICY =
  "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** One `bytes=` range of RFC 9110; several ranges are answered with the whole body, never multiplied. */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Cuts a whole-file read off if its bytes are damaged (bitrot) instead of finishing it. The last chunk is held
 * back until the check is done, so a client never receives every byte of a damaged file: the response ends
 * short of its Content-Length and the client sees a broken download, not a complete one. The check is the
 * blob's CRC32C when it has one (blobs/checksum.ts); otherwise SHA-256 against the key, and the CRC32C of bytes
 * that passed is handed to `checked` before the last chunk goes out, so the next read takes the fast check.
 */
function bitrotCheck(
  expected: { hash: string; crc32c: number | null; size: number },
  on: {
    mismatch: () => void;
    checked: (crc32c: number | undefined) => Promise<void>;
  },
): ReadCheck {
  const sha = expected.crc32c === null ? crypto.createHash('sha256') : undefined;
  const crc = new Crc32c();
  let size = 0;
  return {
    update(chunk) {
      sha?.update(chunk);
      crc.update(chunk);
      size += chunk.length;
    },
    async beforeLast() {
      const intact =
        size === expected.size &&
        (sha ? sha.digest('hex') === expected.hash : crc.digest() === expected.crc32c);
      if (!intact) {
        on.mismatch();
        throw new Error('stored bytes do not match their hash');
      }
      await on.checked(sha ? crc.digest() : undefined);
    },
  };
}

/**
 * The source with `check` applied. A local file's stream runs it itself, so its chunks go straight into the
 * response and its buffers are used again (blobs/file-range-stream.ts); any other source goes through a
 * transform that holds one chunk back.
 */
function withCheck(source: Readable, check: ReadCheck): Readable {
  if (source instanceof FileRangeStream) return source.checkWith(check);
  let held: Buffer | undefined;
  const transform = new Transform({
    transform(chunk: Buffer, _enc, done) {
      check.update(chunk);
      const previous = held;
      held = chunk;
      done(null, previous);
    },
    flush(done) {
      check.beforeLast().then(
        () => done(null, held),
        (error: Error) => done(error),
      );
    },
  });
  source.on('error', (error) => transform.destroy(error));
  return source.pipe(transform);
}

/**
 * A strong validator derived from the content hash without being it: responses never carry storage keys.
 * Equal bytes still give equal ETags, so caches work as before.
 */
export function contentEtag(blobHash: string): string {
  return `"${crypto.createHash('sha256').update(`etag\n${blobHash}`).digest('base64url').slice(0, 32)}"`;
}

export async function sendContent(
  request: FastifyRequest,
  reply: FastifyReply,
  { file, read, recordChecksum, localName }: FileContent,
  disposition: 'preview' | 'download',
  options: {
    /**
     * Runs once every byte of a full body has been read and verified, before the last chunk goes out: the
     * client's response does not complete until it has, so what it records is seen by the next request.
     */
    onDelivered?: () => Promise<void>;
    /**
     * ACCEL_REDIRECT_PREFIX: bytes on the local store are not sent but handed to the reverse proxy in front
     * (nginx's X-Accel-Redirect to an internal location), which serves them and any range with sendfile.
     */
    handOffPrefix?: string;
  } = {},
) {
  const range = parseRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    throw new AppError('RANGE_NOT_SATISFIABLE', MESSAGES.rangeNotSatisfiable, undefined, {
      'content-range': `bytes */${file.size}`,
    });
  }
  const etag = contentEtag(file.blob_hash);
  const inline = disposition === 'preview' && showsInline(file.mimetype, request.headers['sec-fetch-dest']);
  // A name kept as given is the whole name, extension included: it downloads exactly as written.
  const name =
    disposition === 'download'
      ? savedFilename(file.filename, file.mimetype, file.exact_name === 1)
      : file.filename;
  void reply.headers({
    'content-type': file.mimetype.startsWith('text/') ? `${file.mimetype}; charset=utf-8` : file.mimetype,
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', name),
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    // Access is checked on every request, so no shared cache may keep a copy; private files not even locally.
    'cache-control': file.is_public === 1 ? 'private, no-cache' : 'private, no-store',
    'accept-ranges': 'bytes',
    // The disposition of a PDF depends on Sec-Fetch-Dest: a cached answer must not serve the other kind.
    vary: 'Sec-Fetch-Dest',
    etag,
  });
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  if (options.handOffPrefix && localName) {
    // The proxy reports nothing back, so a handed-off download counts when it is handed off (the access
    // check has passed); its bytes are checked by the scrub, not on the way out.
    if (!range) await options.onDelivered?.();
    // nginx announces ranges itself and answers them from the file.
    reply.removeHeader('accept-ranges');
    return reply.header('x-accel-redirect', `${options.handOffPrefix}${localName}`).send();
  }
  if (range) {
    const stream = await read(range);
    return reply
      .status(206)
      .headers({
        'content-range': `bytes ${range.start}-${range.end}/${file.size}`,
        'content-length': range.end - range.start + 1,
      })
      .send(stream);
  }
  const recordChecked = async (crc32c: number | undefined) => {
    if (crc32c !== undefined)
      await recordChecksum(crc32c).catch((error: unknown) =>
        request.log.warn({ err: error, blob: file.blob_hash }, 'could not record a checksum'),
      );
    await options
      .onDelivered?.()
      .catch((error: unknown) =>
        request.log.warn({ err: error, file: file.id }, 'could not record a delivered download'),
      );
  };
  const stream = withCheck(
    await read(),
    bitrotCheck(
      { hash: file.blob_hash, crc32c: file.blob_crc32c, size: file.size },
      {
        mismatch: () =>
          request.log.error({ file: file.id, blob: file.blob_hash }, 'stored bytes do not match their hash'),
        checked: recordChecked,
      },
    ),
  );
  return reply.header('content-length', file.size).send(stream);
}
