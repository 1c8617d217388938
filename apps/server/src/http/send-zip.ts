import type { FastifyReply } from 'fastify';
import type { ZipDownload } from '../services/zips';
import { contentDisposition } from './content-disposition';

/** A zip as an attachment, never cached nor sniffed; its bytes stream as they are packed. */
export function sendZip(reply: FastifyReply, zip: ZipDownload) {
  reply.headers({
    'Content-Type': 'application/zip',
    'Content-Disposition': contentDisposition('attachment', zip.filename),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  return reply.send(zip.stream);
}
