import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_BASE,
  FOLDER_MESSAGES,
  LINK_MESSAGES,
  downloadLinkSchema,
  envelope,
  linkTokenParamsSchema,
  sharedContentQuerySchema,
  sharedFileParamsSchema,
  sharedFileSchema,
  sharedVisitQuerySchema,
  sharedZipParamsSchema,
  thumbnailQuerySchema,
  zipBodySchema,
} from '@cloudstash/contract';
import { sendZip } from '../http/send-zip';
import { registerUnlockRoute, unlockProofOf } from '../http/link-unlock';
import { sendContent } from '../http/send-content';
import { sendThumbnail } from '../http/send-thumbnail';
import type { Config } from '../config';
import type { Services } from '../services/container';

const tags = ['shared'];

/**
 * Visitors' answers are never sent as a referrer (the token is in the address) and never indexed, on the
 * page as on the API and the bytes.
 */
function visitorHeaders(reply: FastifyReply): void {
  void reply.header('referrer-policy', 'no-referrer');
  void reply.header('x-robots-tag', 'noindex, nofollow');
}

export function registerSharedPageHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const visitorPath = ['/s/', '/r/', `${API_BASE}/s/`, `${API_BASE}/r/`].some((p) =>
      request.url.startsWith(p),
    );
    if (visitorPath) visitorHeaders(reply);
  });
}

/** Share links for visitors: no account, no session; the link (and its cookie) is the only credential. */
export const sharedRoutes: FastifyPluginAsyncZod<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  const { shareLinks, linkVisits, thumbnails } = services;
  const proof = unlockProofOf;

  app.get(
    '/s/:token',
    {
      schema: {
        tags,
        params: linkTokenParamsSchema,
        querystring: sharedVisitQuerySchema,
        response: { 200: envelope(sharedFileSchema) },
      },
    },
    async (request) => ({
      message: LINK_MESSAGES.linkFetched,
      data: await linkVisits.visit(request.params.token, proof(request), request.query),
    }),
  );

  registerUnlockRoute(app, config, {
    prefix: 's',
    tags,
    unlock: (token, password, ip) => shareLinks.unlock(token, password, ip),
  });

  app.get(
    '/s/:token/content',
    { schema: { tags, params: linkTokenParamsSchema, querystring: sharedContentQuerySchema } },
    async (request, reply) => {
      // A download is a full GET asking for one; previews, ranges and HEAD are not counted.
      const download = request.query.download !== undefined;
      const counted = download && request.method === 'GET' && request.headers.range === undefined;
      const content = await shareLinks.openContent(request.params.token, proof(request), counted);
      // A counted download was paid for: it gets the whole body, whatever validator the client holds.
      if (counted) delete request.headers['if-none-match'];
      return sendContent(request, reply, content, download ? 'download' : 'preview', {
        handOffPrefix: config.accelRedirectPrefix,
      });
    },
  );

  app.get(
    '/s/:token/thumbnail',
    { schema: { tags, params: linkTokenParamsSchema, querystring: thumbnailQuerySchema } },
    async (request, reply) => {
      const { file } = await shareLinks.fileForVisitor(request.params.token, proof(request));
      const size = request.query.size === '1024' ? 1024 : 256;
      return sendThumbnail(request, reply, await thumbnails.ofFile(file, size));
    },
  );

  // A folder link: a file below the shared folder, its thumbnail, and zips of what lies below it.
  app.get(
    '/s/:token/files/:fileId/content',
    { schema: { tags, params: sharedFileParamsSchema, querystring: sharedContentQuerySchema } },
    async (request, reply) => {
      const download = request.query.download !== undefined;
      const counted = download && request.method === 'GET' && request.headers.range === undefined;
      const { token, fileId } = request.params;
      const content = await linkVisits.openContent(token, proof(request), fileId, counted);
      if (counted) delete request.headers['if-none-match'];
      return sendContent(request, reply, content, download ? 'download' : 'preview', {
        handOffPrefix: config.accelRedirectPrefix,
      });
    },
  );

  app.get(
    '/s/:token/files/:fileId/thumbnail',
    { schema: { tags, params: sharedFileParamsSchema, querystring: thumbnailQuerySchema } },
    async (request, reply) => {
      const { file } = await linkVisits.fileFor(request.params.token, proof(request), request.params.fileId);
      const size = request.query.size === '1024' ? 1024 : 256;
      return sendThumbnail(request, reply, await thumbnails.ofFile(file, size));
    },
  );

  app.post(
    '/s/:token/zip',
    {
      schema: {
        tags,
        params: linkTokenParamsSchema,
        body: zipBodySchema,
        response: { 200: envelope(downloadLinkSchema) },
      },
    },
    async (request) => ({
      message: FOLDER_MESSAGES.zipReady,
      data: { url: await linkVisits.zipLink(request.params.token, proof(request), request.body) },
    }),
  );

  app.get(
    '/s/:token/zip/:selectionId',
    { schema: { tags, params: sharedZipParamsSchema } },
    async (request, reply) => {
      const { token, selectionId } = request.params;
      const zip = await linkVisits.openZip(token, proof(request), selectionId);
      return sendZip(reply, zip);
    },
  );
};
