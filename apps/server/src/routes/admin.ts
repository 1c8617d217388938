import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  adminFilesSummarySchema,
  adminUserStatsSchema,
  envelope,
  fileListQuerySchema,
  fileSchema,
  pageEnvelope,
  storageStatsSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userSchema,
  usersSummarySchema,
} from '@cloudstash/contract';
import { adminOnly } from '../http/auth';
import type { Services } from '../services/container';

const tags = ['admin'];

export const adminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { files, stats, accounts } = services;

  app.get(
    '/admin/users',
    { schema: { tags, querystring: userListQuerySchema, response: { 200: pageEnvelope(userSchema) } } },
    async (request) => {
      adminOnly(request);
      const page = await accounts.list(request.query);
      return { message: MESSAGES.usersFetched, data: page.items, meta: page.meta };
    },
  );

  app.get(
    '/admin/users/summary',
    { schema: { tags, response: { 200: envelope(usersSummarySchema) } } },
    async (request) => {
      adminOnly(request);
      return { message: MESSAGES.statsFetched, data: await stats.usersSummary() };
    },
  );

  app.get(
    '/admin/stats',
    { schema: { tags, response: { 200: envelope(storageStatsSchema) } } },
    async (request) => {
      adminOnly(request);
      return { message: MESSAGES.statsFetched, data: await stats.storage() };
    },
  );

  app.get(
    '/admin/stats/:id',
    { schema: { tags, params: userIdParamsSchema, response: { 200: envelope(adminUserStatsSchema) } } },
    async (request) => {
      adminOnly(request);
      return { message: MESSAGES.statsFetched, data: await stats.userWithTotals(request.params.id) };
    },
  );

  app.get(
    '/admin/files',
    { schema: { tags, querystring: fileListQuerySchema, response: { 200: pageEnvelope(fileSchema) } } },
    async (request) => {
      const page = await files.list(adminOnly(request), { kind: 'all' }, request.query);
      return { message: MESSAGES.filesFetched, data: page.items, meta: page.meta };
    },
  );

  app.get(
    '/admin/files/summary',
    { schema: { tags, response: { 200: envelope(adminFilesSummarySchema) } } },
    async (request) => {
      adminOnly(request);
      return { message: MESSAGES.statsFetched, data: await stats.allFilesSummary() };
    },
  );

  app.get(
    '/admin/files/:id',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        querystring: fileListQuerySchema,
        response: { 200: pageEnvelope(fileSchema) },
      },
    },
    async (request) => {
      const viewer = adminOnly(request);
      const page = await files.list(viewer, { kind: 'owner', ownerId: request.params.id }, request.query);
      return { message: MESSAGES.filesFetched, data: page.items, meta: page.meta };
    },
  );
};
