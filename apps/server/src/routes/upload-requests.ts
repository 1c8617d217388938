import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REQUEST_MESSAGES,
  createRequestBodySchema,
  envelope,
  folderIdParamsSchema,
  requestIdParamsSchema,
  requestUploadSchema,
  updateRequestBodySchema,
  uploadRequestSchema,
} from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import type { Services } from '../services/container';

const tags = ['upload links'];

/** Upload links for whoever may share their folder; visitors use routes/request-visits.ts. */
export const uploadRequestRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { uploadRequests } = services;

  app.post(
    '/folders/:id/requests',
    {
      schema: {
        tags,
        params: folderIdParamsSchema,
        body: createRequestBodySchema,
        response: { 201: envelope(uploadRequestSchema) },
      },
    },
    async (request, reply) => {
      const made = await uploadRequests.create(signedIn(request), request.params.id, request.body);
      return reply.status(201).send({ message: REQUEST_MESSAGES.created, data: made });
    },
  );

  app.get(
    '/folders/:id/requests',
    {
      schema: {
        tags,
        params: folderIdParamsSchema,
        response: { 200: envelope(z.array(uploadRequestSchema)) },
      },
    },
    async (request) => ({
      message: REQUEST_MESSAGES.listed,
      data: await uploadRequests.listForFolder(signedIn(request), request.params.id),
    }),
  );

  app.patch(
    '/requests/:id',
    {
      schema: {
        tags,
        params: requestIdParamsSchema,
        body: updateRequestBodySchema,
        response: { 200: envelope(uploadRequestSchema) },
      },
    },
    async (request) => ({
      message: REQUEST_MESSAGES.updated,
      data: await uploadRequests.update(signedIn(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/requests/:id',
    { schema: { tags, params: requestIdParamsSchema, response: { 200: envelope(uploadRequestSchema) } } },
    async (request) => ({
      message: REQUEST_MESSAGES.closed,
      data: await uploadRequests.close(signedIn(request), request.params.id),
    }),
  );

  app.get(
    '/requests/:id/files',
    {
      schema: {
        tags,
        params: requestIdParamsSchema,
        response: { 200: envelope(z.array(requestUploadSchema)) },
      },
    },
    async (request) => ({
      message: REQUEST_MESSAGES.uploadsListed,
      data: await uploadRequests.uploads(signedIn(request), request.params.id),
    }),
  );
};
