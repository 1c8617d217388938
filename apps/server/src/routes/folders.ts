import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FOLDER_MESSAGES,
  createFolderBodySchema,
  envelope,
  folderHitSchema,
  folderIdParamsSchema,
  folderListQuerySchema,
  folderSchema,
  folderWithPathSchema,
  messageSchema,
  pageEnvelope,
  updateFolderBodySchema,
} from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import type { Services } from '../services/container';

const tags = ['folders'];

/** The signed-in person's folder tree; the files in a folder are listed by GET /files/user-files?folderId=. */
export const folderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { folders } = services;

  app.post(
    '/folders',
    { schema: { tags, body: createFolderBodySchema, response: { 201: envelope(folderSchema) } } },
    async (request, reply) => {
      const folder = await folders.create(signedIn(request), request.body);
      return reply.status(201).send({ message: FOLDER_MESSAGES.created, data: folder });
    },
  );

  app.get(
    '/folders',
    {
      schema: { tags, querystring: folderListQuerySchema, response: { 200: pageEnvelope(folderHitSchema) } },
    },
    async (request) => {
      const { parentId = null, q, ...page } = request.query;
      const result =
        q === undefined
          ? await folders.list(signedIn(request), parentId, page)
          : await folders.search(signedIn(request), q, page.limit);
      return { message: FOLDER_MESSAGES.listed, data: result.items, meta: result.meta };
    },
  );

  app.get(
    '/folders/:id',
    { schema: { tags, params: folderIdParamsSchema, response: { 200: envelope(folderWithPathSchema) } } },
    async (request) => ({
      message: FOLDER_MESSAGES.fetched,
      data: await folders.get(signedIn(request), request.params.id),
    }),
  );

  app.patch(
    '/folders/:id',
    {
      schema: {
        tags,
        params: folderIdParamsSchema,
        body: updateFolderBodySchema,
        response: { 200: envelope(folderSchema) },
      },
    },
    async (request) => ({
      message: FOLDER_MESSAGES.updated,
      data: await folders.update(signedIn(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/folders/:id',
    { schema: { tags, params: folderIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await folders.remove(signedIn(request), request.params.id);
      return { message: FOLDER_MESSAGES.deleted };
    },
  );
};
