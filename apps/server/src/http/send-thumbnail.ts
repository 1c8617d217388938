import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ThumbnailToServe } from '../services/thumbnails/thumbnails';
import { contentEtag } from './send-content';

/** True when the client already holds this version (If-None-Match lists it, or is "*"). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * A thumbnail never changes for its content and size, so the browser may keep it for a year without asking;
 * `private`, since access was checked for this viewer and no shared cache may hand it to another.
 */
export async function sendThumbnail(
  request: FastifyRequest,
  reply: FastifyReply,
  thumbnail: ThumbnailToServe,
) {
  const etag = contentEtag(`${thumbnail.contentHash}\nthumbnail-${thumbnail.size}`);
  void reply.headers({
    'content-type': 'image/webp',
    'cache-control': 'private, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'content-security-policy': "sandbox; default-src 'none'",
    etag,
  });
  if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  const stream = await thumbnail.open();
  return reply.header('content-length', thumbnail.bytes).send(stream);
}
