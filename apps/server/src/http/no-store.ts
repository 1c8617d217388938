import type { FastifyInstance } from 'fastify';

/**
 * A JSON answer to a request that carries credentials (a session or any other cookie, a bearer token), or one
 * that sets a cookie, is about one person: `Cache-Control: no-store` keeps it out of every cache, the
 * browser's back-forward and disk caches and any shared proxy alike. Answers that chose their own caching
 * (file bytes, thumbnails, the web app) keep it.
 */
export function registerNoStoreForCredentials(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const credentialed =
      request.headers.cookie !== undefined ||
      request.headers.authorization !== undefined ||
      reply.hasHeader('set-cookie');
    if (credentialed) void reply.header('cache-control', 'no-store');
    return payload;
  });
}
