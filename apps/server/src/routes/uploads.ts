import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE, MESSAGES } from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import { AppError } from '../errors';
import {
  byteCountHeader,
  carriesUploadBytes,
  describeUpload,
  parseUploadMetadata,
  speakTus,
} from '../http/tus';
import {
  TUS_CONSUMES,
  describedOnly,
  tusAppendHeadersSchema,
  tusAppendBytesSchema,
  tusFirstBytesSchema,
  tusCreateHeadersSchema,
  tusHeadersSchema,
} from '../http/request-docs';
import type { Services } from '../services/container';

const tags = ['uploads'];
const params = z.object({ id: z.uuid() });

/**
 * Resumable uploads, tus 1.0.0 (core, creation, creation-with-upload, termination, expiration). Written here
 * rather than on a tus server library: the rules that matter are ours (an upload is its creator's alone, its
 * head is typed before the rest is accepted, its completion commits through the same quota check and
 * reference-counted blob path as a form upload, within the request that sends the last byte) and its state
 * lives in the database so every process of a deployment serves every upload.
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { resumable, config } = services;

  speakTus(app, '/uploads', config.maxUploadBytes, tags);

  // Headers and bytes are described for the OpenAPI document and checked by the handlers, which answer a
  // bad one with the protocol's message (and never let Fastify buffer the bytes).
  const validatorCompiler = describedOnly('headers', 'body');

  app.post(
    '/uploads',
    {
      schema: {
        tags,
        headers: tusCreateHeadersSchema,
        consumes: TUS_CONSUMES,
        body: tusFirstBytesSchema,
      },
      validatorCompiler,
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      if (request.headers['upload-defer-length'] !== undefined)
        throw new AppError('VALIDATION_FAILED', MESSAGES.uploadLengthRequired);
      const length = byteCountHeader(request, 'upload-length', MESSAGES.uploadLengthRequired);
      const metadata = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
      let progress = await resumable.create(viewer, { length, ...metadata });
      void reply.header('Location', `${API_BASE}/uploads/${progress.id}`);
      if (carriesUploadBytes(request.headers['content-type'])) {
        progress = await resumable.append(viewer, progress.id, 0, request.raw);
      }
      return describeUpload(reply.status(201), progress).send();
    },
  );

  app.route({
    method: 'HEAD',
    url: '/uploads/:id',
    schema: { tags, params, headers: tusHeadersSchema },
    validatorCompiler,
    // HEAD is how a client learns where to resume: the document lists it, unlike the HEAD of every GET.
    config: { swagger: { exposeHeadRoute: true } },
    handler: async (request, reply) => {
      const progress = await resumable.status(signedIn(request), request.params.id);
      return describeUpload(reply.status(200), progress)
        .header('Upload-Length', String(progress.length))
        .header('Cache-Control', 'no-store')
        .send();
    },
  });

  app.patch(
    '/uploads/:id',
    {
      schema: {
        tags,
        params,
        headers: tusAppendHeadersSchema,
        consumes: TUS_CONSUMES,
        body: tusAppendBytesSchema,
      },
      validatorCompiler,
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      if (!carriesUploadBytes(request.headers['content-type']))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.uploadContentType);
      const offset = byteCountHeader(request, 'upload-offset', MESSAGES.uploadOffsetMismatch);
      const progress = await resumable.append(viewer, request.params.id, offset, request.raw);
      return describeUpload(reply.status(204), progress).send();
    },
  );

  app.delete(
    '/uploads/:id',
    { schema: { tags, params, headers: tusHeadersSchema }, validatorCompiler },
    async (request, reply) => {
      await resumable.terminate(signedIn(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
