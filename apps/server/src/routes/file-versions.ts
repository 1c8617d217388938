import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  VERSION_MESSAGES,
  envelope,
  fileIdParamsSchema,
  fileSchema,
  fileVersionParamsSchema,
  fileVersionSchema,
  messageSchema,
} from '@cloudstash/contract';
import { z } from 'zod';
import { signedIn } from '../http/auth';
import { receiveFileUpload } from '../http/multipart-upload';
import { describedOnly, replaceContentFormSchema } from '../http/request-docs';
import { sendContent } from '../http/send-content';
import type { Services } from '../services/container';

const tags = ['files'];

/**
 * A file's bytes replaced, and the earlier versions that keeps (VERSIONS_KEEP). The new bytes go through the
 * one upload path; every version route is the owner's alone.
 */
export const fileVersionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { fileVersions, config } = services;

  // A body that is the file itself (text and JSON files included) is streamed to disk by the intake, never
  // buffered or parsed: in these routes every type but a form is handed on untouched. Forms keep the
  // multipart parser. No other route here reads a body.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.put(
    '/files/f/:id/content',
    {
      schema: {
        tags,
        params: fileIdParamsSchema,
        consumes: ['multipart/form-data', 'application/octet-stream'],
        body: replaceContentFormSchema,
        response: { 200: envelope(fileSchema) },
      },
      validatorCompiler: describedOnly('body'),
    },
    async (request) => {
      const viewer = signedIn(request);
      const { id } = request.params;
      const file = await receiveFileUpload(
        request,
        config,
        (upload) => fileVersions.replaceContent(viewer, id, upload),
        services.uploadHooks,
        (smallestFileBytes) => fileVersions.admitReplacement(viewer, id, smallestFileBytes),
      );
      return { message: VERSION_MESSAGES.contentReplaced, data: file };
    },
  );

  app.get(
    '/files/f/:id/versions',
    { schema: { tags, params: fileIdParamsSchema, response: { 200: envelope(z.array(fileVersionSchema)) } } },
    async (request) => ({
      message: VERSION_MESSAGES.versionsFetched,
      data: await fileVersions.list(signedIn(request), request.params.id),
    }),
  );

  app.get(
    '/files/f/:id/versions/:vid/content',
    { schema: { tags, params: fileVersionParamsSchema } },
    async (request, reply) => {
      const { id, vid } = request.params;
      const content = await fileVersions.openContent(signedIn(request), id, vid);
      return sendContent(request, reply, content, 'download', { handOffPrefix: config.accelRedirectPrefix });
    },
  );

  app.post(
    '/files/f/:id/versions/:vid/restore',
    { schema: { tags, params: fileVersionParamsSchema, response: { 200: envelope(fileSchema) } } },
    async (request) => {
      const { id, vid } = request.params;
      return {
        message: VERSION_MESSAGES.versionRestored,
        data: await fileVersions.restore(signedIn(request), id, vid),
      };
    },
  );

  app.delete(
    '/files/f/:id/versions/:vid',
    { schema: { tags, params: fileVersionParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, vid } = request.params;
      await fileVersions.remove(signedIn(request), id, vid);
      return { message: VERSION_MESSAGES.versionDeleted };
    },
  );
};
