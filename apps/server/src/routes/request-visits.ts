import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  REQUEST_MESSAGES,
  envelope,
  linkTokenParamsSchema,
  requestReceiptSchema,
  requestVisitSchema,
} from '@cloudstash/contract';
import type { Config } from '../config';
import { AppError } from '../errors';
import { linkApiPath, registerUnlockRoute, unlockProofOf } from '../http/link-unlock';
import { receiveUpload } from '../http/multipart-upload';
import {
  byteCountHeader,
  carriesUploadBytes,
  describeUpload,
  parseUploadMetadata,
  speakTus,
} from '../http/tus';
import type { Services } from '../services/container';

const tags = ['upload links'];
const uploadParams = linkTokenParamsSchema.extend({ id: z.uuid() });

/**
 * An upload link's visitors: no account, no session; the link (and its unlock cookie) is the only credential.
 * Files come as a form (`file`, `uploaderName`) or resumably over tus, with `uploaderName` in the metadata.
 */
export const requestVisitRoutes: FastifyPluginAsyncZod<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  const { uploadRequests, shareLinks, uploadHooks } = services;
  const proof = unlockProofOf;
  const countUpload = async (request: { params: unknown; ip: string }) =>
    uploadRequests.admitUpload((request.params as { token: string }).token, request.ip);

  app.get(
    '/r/:token',
    { schema: { tags, params: linkTokenParamsSchema, response: { 200: envelope(requestVisitSchema) } } },
    async (request) => ({
      message: REQUEST_MESSAGES.fetched,
      data: await uploadRequests.visit(request.params.token, proof(request)),
    }),
  );

  registerUnlockRoute(app, config, {
    prefix: 'r',
    tags,
    // Only an upload link opens here: any other token is the dead link's 404.
    admits: (token) => uploadRequests.visit(token, undefined),
    unlock: (token, password, ip) => shareLinks.unlock(token, password, ip),
  });

  app.post(
    '/r/:token/files',
    {
      onRequest: countUpload,
      schema: {
        tags,
        params: linkTokenParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(requestReceiptSchema) },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const receipt = await receiveUpload(
        request,
        config,
        (upload) => uploadRequests.receive(token, proof(request), upload),
        uploadHooks,
      );
      return reply.status(201).send({ message: REQUEST_MESSAGES.uploaded, data: receipt });
    },
  );

  // Resumable uploads through the link: the same tus protocol as /uploads, each upload reached through its link.
  await app.register(async (plugin) => {
    const tus = plugin.withTypeProvider<ZodTypeProvider>();
    speakTus(tus, '/r/:token/uploads', config.maxUploadBytes, tags);

    tus.post(
      '/r/:token/uploads',
      { onRequest: countUpload, schema: { tags, params: linkTokenParamsSchema } },
      async (request, reply) => {
        const { token } = request.params;
        if (request.headers['upload-defer-length'] !== undefined)
          throw new AppError('VALIDATION_FAILED', MESSAGES.uploadLengthRequired);
        const length = byteCountHeader(request, 'upload-length', MESSAGES.uploadLengthRequired);
        const { filename, originalName, declaredType, uploaderName } = parseUploadMetadata(
          request.headers['upload-metadata'] as string | undefined,
        );
        const created = await uploadRequests.createResumable(token, proof(request), {
          length,
          filename,
          originalName,
          declaredType,
          uploaderName,
        });
        let progress = created.progress;
        void reply.header('Location', `${linkApiPath('r', token)}/uploads/${progress.id}`);
        if (carriesUploadBytes(request.headers['content-type']))
          progress = await uploadRequests.append(token, proof(request), progress.id, 0, request.raw);
        return describeUpload(reply.status(201), progress).send();
      },
    );

    tus.route({
      method: 'HEAD',
      url: '/r/:token/uploads/:id',
      schema: { tags, params: uploadParams },
      handler: async (request, reply) => {
        const progress = await uploadRequests.status(request.params.token, proof(request), request.params.id);
        return describeUpload(reply.status(200), progress)
          .header('Upload-Length', String(progress.length))
          .header('Cache-Control', 'no-store')
          .send();
      },
    });

    tus.patch('/r/:token/uploads/:id', { schema: { tags, params: uploadParams } }, async (request, reply) => {
      if (!carriesUploadBytes(request.headers['content-type']))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.uploadContentType);
      const offset = byteCountHeader(request, 'upload-offset', MESSAGES.uploadOffsetMismatch);
      const { token, id } = request.params;
      const progress = await uploadRequests.append(token, proof(request), id, offset, request.raw);
      return describeUpload(reply.status(204), progress).send();
    });

    tus.delete(
      '/r/:token/uploads/:id',
      { schema: { tags, params: uploadParams } },
      async (request, reply) => {
        await uploadRequests.terminate(request.params.token, proof(request), request.params.id);
        return reply.status(204).send();
      },
    );
  });
};
