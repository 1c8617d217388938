import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TRASH_MESSAGES,
  envelope,
  pageEnvelope,
  trashItemSchema,
  trashListQuerySchema,
  trashPurgeBodySchema,
  trashRestoreBodySchema,
  trashResultSchema,
} from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import type { Services } from '../services/container';

const tags = ['trash'];

/** The caller's trash: what they deleted while the instance keeps one, until restored or purged. */
export const trashRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { trash } = services;

  app.get(
    '/trash',
    { schema: { tags, querystring: trashListQuerySchema, response: { 200: pageEnvelope(trashItemSchema) } } },
    async (request) => {
      const { items, meta } = await trash.list(signedIn(request), request.query);
      return { message: TRASH_MESSAGES.listed, data: items, meta };
    },
  );

  app.post(
    '/trash/restore',
    { schema: { tags, body: trashRestoreBodySchema, response: { 200: envelope(trashResultSchema) } } },
    async (request) => {
      const data = await trash.restore(signedIn(request), request.body);
      const message = data.atTop ? TRASH_MESSAGES.restoredAtTop(data.atTop) : TRASH_MESSAGES.restored;
      return { message, data };
    },
  );

  app.delete(
    '/trash',
    { schema: { tags, body: trashPurgeBodySchema, response: { 200: envelope(trashResultSchema) } } },
    async (request) => ({
      message: TRASH_MESSAGES.purged,
      data: await trash.purge(signedIn(request), request.body ?? {}),
    }),
  );
};
