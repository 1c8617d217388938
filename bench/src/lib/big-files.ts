import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { API_BASE } from '@cloudstash/contract';
import { BOUNDARY } from './api';
import { MB } from './load';

/** The size of the blocks large files are written and sent in. */
export const PIECE = 64 * MB;

/** A file of `bytes` an MP4 head makes acceptable; `seed` makes its content differ, so nothing deduplicates. */
export async function writeVideo(file: string, bytes: number, seed: number): Promise<void> {
  const block = crypto.randomBytes(PIECE);
  block.writeUInt32BE(24, 0);
  block.write('ftypisom', 4, 'latin1');
  block.writeUInt32BE(0x200, 12);
  block.write('isomiso2', 16, 'latin1');
  block.writeUInt32BE(seed, 64);
  const out = fs.createWriteStream(file);
  for (let written = 0; written < bytes; written += PIECE) {
    if (!out.write(block.subarray(0, Math.min(PIECE, bytes - written))))
      await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
}

/** Streams a request body from `parts` (buffers and file ranges); resolves with the status and headers. */
export function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  parts: (Buffer | { file: string; start: number; end: number })[],
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    request.on('error', reject);
    void (async () => {
      for (const part of parts) {
        if (Buffer.isBuffer(part)) request.write(part);
        else
          await pipeline(fs.createReadStream(part.file, { start: part.start, end: part.end }), request, {
            end: false,
          });
      }
      request.end();
    })().catch(reject);
  });
}

/** Sends a file from disk through the plain form upload, into a folder when given; answers the new file's id. */
export async function plainUpload(
  origin: string,
  cookie: string,
  file: string,
  size: number,
  folderId?: string,
): Promise<string> {
  const folderField = folderId
    ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="folderId"\r\n\r\n${folderId}\r\n`
    : '';
  const head = Buffer.from(
    `${folderField}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const answer = await send(
    `${origin}${API_BASE}/files/upload`,
    'POST',
    {
      cookie,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(head.length + size + tail.length),
    },
    [head, { file, start: 0, end: size - 1 }, tail],
  );
  if (answer.status !== 201) throw new Error(`plain upload answered ${answer.status}`);
  return (JSON.parse(answer.body) as { data: { _id: string } }).data._id;
}
