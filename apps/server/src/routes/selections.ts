import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FOLDER_MESSAGES,
  MESSAGES,
  batchBodySchema,
  batchResultSchema,
  downloadLinkSchema,
  envelope,
  pathIdSchema,
  zipBodySchema,
} from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import { sendZip } from '../http/send-zip';
import { AppError } from '../errors';
import { isCrossSite } from '../http/origin-check';
import type { Services } from '../services/container';

const tags = ['files'];

/** Many files and folders at once: moved or deleted together, or downloaded as one zip. */
export const selectionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { batch, zips, config } = services;

  app.post(
    '/files/batch',
    { schema: { tags, body: batchBodySchema, response: { 200: envelope(batchResultSchema) } } },
    async (request) => {
      const done = await batch.apply(signedIn(request), request.body);
      const message =
        request.body.action === 'delete' ? FOLDER_MESSAGES.batchDeleted : FOLDER_MESSAGES.batchDone;
      return { message, data: done };
    },
  );

  app.post(
    '/files/zip',
    {
      // Like a download link: a foreign page must not mint zip links in the viewer's name.
      onRequest: async (request) => {
        if (isCrossSite(request, config)) throw new AppError('CROSS_SITE', MESSAGES.crossSite);
      },
      schema: { tags, body: zipBodySchema, response: { 200: envelope(downloadLinkSchema) } },
    },
    async (request) => ({
      message: FOLDER_MESSAGES.zipReady,
      data: { url: await zips.link(signedIn(request), request.body) },
    }),
  );

  app.get(
    '/files/zip/:id',
    {
      schema: {
        tags,
        params: z.object({ id: pathIdSchema(MESSAGES.fileNotFound) }),
        querystring: z.object({
          u: z.string().max(100).optional(),
          e: z.string().max(20).optional(),
          s: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      // Decided by the signed link alone, like a file's download link.
      const userId = services.signedUrls.verify(request.params.id, request.query, 'zip');
      const viewer = userId ? await services.accounts.viewerOf(userId) : null;
      if (!viewer) throw new AppError('FORBIDDEN', MESSAGES.downloadLinkInvalid);
      const zip = await zips.open(viewer, request.params.id);
      return sendZip(reply, zip);
    },
  );
};
