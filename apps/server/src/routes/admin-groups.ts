import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GROUP_MESSAGES,
  createGroupBodySchema,
  envelope,
  groupIdParamsSchema,
  groupSchema,
  groupWithMembersSchema,
  messageSchema,
  updateGroupBodySchema,
} from '@cloudstash/contract';
import type { Services } from '../services/container';

const tags = ['admin'];

/** Groups of accounts, under the `/admin` prefix and its guard (app.ts). */
export const adminGroupRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { groups } = services;

  app.get('/groups', { schema: { tags, response: { 200: envelope(z.array(groupSchema)) } } }, async () => ({
    message: GROUP_MESSAGES.listed,
    data: await groups.list(),
  }));

  app.post(
    '/groups',
    { schema: { tags, body: createGroupBodySchema, response: { 201: envelope(groupWithMembersSchema) } } },
    async (request, reply) =>
      reply.status(201).send({ message: GROUP_MESSAGES.created, data: await groups.create(request.body) }),
  );

  app.get(
    '/groups/:id',
    { schema: { tags, params: groupIdParamsSchema, response: { 200: envelope(groupWithMembersSchema) } } },
    async (request) => ({ message: GROUP_MESSAGES.fetched, data: await groups.get(request.params.id) }),
  );

  app.patch(
    '/groups/:id',
    {
      schema: {
        tags,
        params: groupIdParamsSchema,
        body: updateGroupBodySchema,
        response: { 200: envelope(groupWithMembersSchema) },
      },
    },
    async (request) => ({
      message: GROUP_MESSAGES.updated,
      data: await groups.update(request.params.id, request.body),
    }),
  );

  app.delete(
    '/groups/:id',
    { schema: { tags, params: groupIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await groups.remove(request.params.id);
      return { message: GROUP_MESSAGES.deleted };
    },
  );
};
