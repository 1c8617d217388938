import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LINK_MESSAGES,
  MESSAGES,
  adminFilesSummarySchema,
  adminUserStatsSchema,
  envelope,
  fileListQuerySchema,
  fileSchema,
  linkListQuerySchema,
  linkSchema,
  pageEnvelope,
  storageStatsSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userSchema,
  usersSummarySchema,
} from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import type { Services } from '../services/container';

const tags = ['admin'];

/**
 * What administrators read: users, statistics, every file and every share link. Registered under the `/admin`
 * prefix, whose one guard (app.ts) lets only an administrator's signed-in session in.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { files, stats, accounts, shareLinks } = services;

  app.get(
    '/users',
    { schema: { tags, querystring: userListQuerySchema, response: { 200: pageEnvelope(userSchema) } } },
    async (request) => {
      const page = await accounts.list(request.query);
      return { message: MESSAGES.usersFetched, data: page.items, meta: page.meta };
    },
  );

  app.get(
    '/users/summary',
    { schema: { tags, response: { 200: envelope(usersSummarySchema) } } },
    async () => ({ message: MESSAGES.statsFetched, data: await stats.usersSummary() }),
  );

  app.get('/stats', { schema: { tags, response: { 200: envelope(storageStatsSchema) } } }, async () => ({
    message: MESSAGES.statsFetched,
    data: await stats.storage(),
  }));

  app.get(
    '/stats/:id',
    { schema: { tags, params: userIdParamsSchema, response: { 200: envelope(adminUserStatsSchema) } } },
    async (request) => ({
      message: MESSAGES.statsFetched,
      data: await stats.userWithTotals(request.params.id),
    }),
  );

  app.get(
    '/files',
    { schema: { tags, querystring: fileListQuerySchema, response: { 200: pageEnvelope(fileSchema) } } },
    async (request) => {
      const page = await files.list(signedIn(request), { kind: 'all' }, request.query);
      return { message: MESSAGES.filesFetched, data: page.items, meta: page.meta };
    },
  );

  app.get(
    '/files/summary',
    { schema: { tags, response: { 200: envelope(adminFilesSummarySchema) } } },
    async () => ({ message: MESSAGES.statsFetched, data: await stats.allFilesSummary() }),
  );

  app.get(
    '/files/:id',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        querystring: fileListQuerySchema,
        response: { 200: pageEnvelope(fileSchema) },
      },
    },
    async (request) => {
      const scope = { kind: 'owner', ownerId: request.params.id } as const;
      const page = await files.list(signedIn(request), scope, request.query);
      return { message: MESSAGES.filesFetched, data: page.items, meta: page.meta };
    },
  );

  app.get(
    '/links',
    {
      schema: {
        tags: ['links'],
        querystring: linkListQuerySchema,
        response: { 200: pageEnvelope(linkSchema) },
      },
    },
    async (request) => {
      const page = await shareLinks.listAll(request.query);
      return { message: LINK_MESSAGES.linksFetched, data: page.items, meta: page.meta };
    },
  );
};
