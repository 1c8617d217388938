import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GROUP_MESSAGES,
  SHARE_MESSAGES,
  createShareBodySchema,
  envelope,
  groupSchema,
  messageSchema,
  peopleQuerySchema,
  shareIdParamsSchema,
  shareListQuerySchema,
  shareSchema,
  sharePersonSchema,
  sharedSearchQuerySchema,
  sharedSearchSchema,
  sharedWithMeItemSchema,
  updateShareBodySchema,
} from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import type { Services } from '../services/container';

const tags = ['shares'];

/** Sharing files and folders with people and groups of this instance, and what others shared with me. */
export const shareRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { shares, groups } = services;

  app.post(
    '/shares',
    { schema: { tags, body: createShareBodySchema, response: { 201: envelope(shareSchema) } } },
    async (request, reply) =>
      reply.status(201).send({
        message: SHARE_MESSAGES.created,
        data: await shares.create(signedIn(request), request.body),
      }),
  );

  app.get(
    '/shares',
    {
      schema: { tags, querystring: shareListQuerySchema, response: { 200: envelope(z.array(shareSchema)) } },
    },
    async (request) => ({
      message: SHARE_MESSAGES.listed,
      data: await shares.list(signedIn(request), request.query),
    }),
  );

  app.get(
    '/shares/with-me',
    { schema: { tags, response: { 200: envelope(z.array(sharedWithMeItemSchema)) } } },
    async (request) => ({ message: SHARE_MESSAGES.listed, data: await shares.withMe(signedIn(request)) }),
  );

  app.get(
    '/shares/with-me/search',
    {
      schema: { tags, querystring: sharedSearchQuerySchema, response: { 200: envelope(sharedSearchSchema) } },
    },
    async (request) => ({
      message: SHARE_MESSAGES.listed,
      data: await shares.searchWithMe(signedIn(request), request.query.q),
    }),
  );

  app.get(
    '/shares/people',
    {
      schema: {
        tags,
        querystring: peopleQuerySchema,
        response: { 200: envelope(z.array(sharePersonSchema)) },
      },
    },
    async (request) => ({
      message: SHARE_MESSAGES.peopleListed,
      data: await shares.people(signedIn(request), request.query.q),
    }),
  );

  app.get(
    '/shares/groups',
    { schema: { tags, querystring: peopleQuerySchema, response: { 200: envelope(z.array(groupSchema)) } } },
    async (request) => {
      signedIn(request);
      return { message: SHARE_MESSAGES.listed, data: await groups.list(request.query.q) };
    },
  );

  app.get(
    '/users/me/groups',
    { schema: { tags, response: { 200: envelope(z.array(groupSchema)) } } },
    async (request) => ({ message: GROUP_MESSAGES.listed, data: await groups.mine(signedIn(request)) }),
  );

  app.patch(
    '/shares/:id',
    {
      schema: {
        tags,
        params: shareIdParamsSchema,
        body: updateShareBodySchema,
        response: { 200: envelope(shareSchema) },
      },
    },
    async (request) => ({
      message: SHARE_MESSAGES.updated,
      data: await shares.update(signedIn(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/shares/:id',
    { schema: { tags, params: shareIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      const outcome = await shares.remove(signedIn(request), request.params.id);
      return { message: outcome === 'left' ? SHARE_MESSAGES.left : SHARE_MESSAGES.deleted };
    },
  );
};
