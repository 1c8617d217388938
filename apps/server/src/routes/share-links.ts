import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LINK_MESSAGES,
  createLinkBodySchema,
  downloadHistorySchema,
  envelope,
  fileIdParamsSchema,
  folderIdParamsSchema,
  linkIdParamsSchema,
  linkListQuerySchema,
  linkSchema,
  pageEnvelope,
} from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import type { Services } from '../services/container';

const tags = ['links'];

/** Share links for their owners and administrators (every link: routes/admin.ts); visitors use routes/shared.ts. */
export const linkRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { shareLinks, downloads } = services;

  app.post(
    '/files/f/:id/links',
    {
      schema: {
        tags,
        params: fileIdParamsSchema,
        // Every option is optional, so no body at all is a link with none of them.
        body: createLinkBodySchema.nullish(),
        response: { 201: envelope(linkSchema) },
      },
    },
    async (request, reply) => {
      const link = await shareLinks.create(signedIn(request), request.params.id, request.body ?? {});
      return reply.status(201).send({ message: LINK_MESSAGES.linkCreated, data: link });
    },
  );

  app.get(
    '/files/f/:id/links',
    {
      schema: {
        tags,
        params: fileIdParamsSchema,
        querystring: linkListQuerySchema,
        response: { 200: pageEnvelope(linkSchema) },
      },
    },
    async (request) => {
      const page = await shareLinks.listForFile(signedIn(request), request.params.id, request.query);
      return { message: LINK_MESSAGES.linksFetched, data: page.items, meta: page.meta };
    },
  );

  app.post(
    '/folders/:id/links',
    {
      schema: {
        tags,
        params: folderIdParamsSchema,
        body: createLinkBodySchema.nullish(),
        response: { 201: envelope(linkSchema) },
      },
    },
    async (request, reply) => {
      const link = await shareLinks.createForFolder(signedIn(request), request.params.id, request.body ?? {});
      return reply.status(201).send({ message: LINK_MESSAGES.linkCreated, data: link });
    },
  );

  app.get(
    '/folders/:id/links',
    {
      schema: {
        tags,
        params: folderIdParamsSchema,
        querystring: linkListQuerySchema,
        response: { 200: pageEnvelope(linkSchema) },
      },
    },
    async (request) => {
      const page = await shareLinks.listForFolder(signedIn(request), request.params.id, request.query);
      return { message: LINK_MESSAGES.linksFetched, data: page.items, meta: page.meta };
    },
  );

  app.get(
    '/files/f/:id/downloads',
    { schema: { tags, params: fileIdParamsSchema, response: { 200: envelope(downloadHistorySchema) } } },
    async (request) => ({
      message: LINK_MESSAGES.downloadsFetched,
      data: await downloads.history(signedIn(request), request.params.id),
    }),
  );

  app.get(
    '/links',
    { schema: { tags, querystring: linkListQuerySchema, response: { 200: pageEnvelope(linkSchema) } } },
    async (request) => {
      const page = await shareLinks.listMine(signedIn(request), request.query);
      return { message: LINK_MESSAGES.linksFetched, data: page.items, meta: page.meta };
    },
  );

  app.delete(
    '/links/:linkId',
    { schema: { tags, params: linkIdParamsSchema, response: { 200: envelope(linkSchema) } } },
    async (request) => ({
      message: LINK_MESSAGES.linkRevoked,
      data: await shareLinks.revoke(signedIn(request), request.params.linkId),
    }),
  );
};
