import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  batchUploadMessage,
  batchUploadSchema,
  downloadLinkSchema,
  envelope,
  fileIdParamsSchema,
  fileListQuerySchema,
  fileSchema,
  messageSchema,
  pageEnvelope,
  publicFilesSummarySchema,
  thumbnailQuerySchema,
  updateFileBodySchema,
  userFileStatsSchema,
} from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import { AppError } from '../errors';
import { isCrossSite } from '../http/origin-check';
import { batchAnswer, receiveUploadBatch } from '../http/multipart-batch';
import { receiveUpload } from '../http/multipart-upload';
import {
  describedOnly,
  updateFormSchema,
  uploadBatchFormSchema,
  uploadFormSchema,
} from '../http/request-docs';
import { sendThumbnail } from '../http/send-thumbnail';
import { readUpdateForm } from '../http/update-form';
import type { Services } from '../services/container';
import { serveFileContent } from './file-content';

const tags = ['files'];

export const fileRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { files, stats, config, thumbnails } = services;

  app.get(
    '/files/user-files',
    { schema: { tags, querystring: fileListQuerySchema, response: { 200: pageEnvelope(fileSchema) } } },
    async (request) => {
      const viewer = signedIn(request);
      const page = await files.list(viewer, { kind: 'owner', ownerId: viewer.id }, request.query);
      return { message: MESSAGES.filesFetched, data: page.items, meta: page.meta };
    },
  );

  app.get(
    '/files/stats',
    { schema: { tags, response: { 200: envelope(userFileStatsSchema) } } },
    async (request) => {
      const viewer = signedIn(request);
      return { message: MESSAGES.statsFetched, data: await stats.ownerTotals(viewer.id) };
    },
  );

  app.get(
    '/files/public',
    { schema: { tags, querystring: fileListQuerySchema, response: { 200: pageEnvelope(fileSchema) } } },
    async (request) => {
      const page = await files.list(signedIn(request), { kind: 'public' }, request.query);
      return { message: MESSAGES.filesFetched, data: page.items, meta: page.meta };
    },
  );

  app.get(
    '/files/public/summary',
    { schema: { tags, response: { 200: envelope(publicFilesSummarySchema) } } },
    async (request) => {
      signedIn(request);
      return { message: MESSAGES.statsFetched, data: await stats.publicSummary() };
    },
  );

  app.get(
    '/files/f/:id',
    { schema: { tags, params: fileIdParamsSchema, response: { 200: envelope(fileSchema) } } },
    async (request) => ({
      message: MESSAGES.fileFetched,
      data: await files.get(signedIn(request), request.params.id),
    }),
  );

  app.get(
    '/files/f/:id/download',
    {
      // A foreign page must not be able to mint links (or probe files) in the viewer's name.
      onRequest: async (request) => {
        if (isCrossSite(request, config)) throw new AppError('CROSS_SITE', MESSAGES.crossSite);
      },
      schema: { tags, params: fileIdParamsSchema, response: { 200: envelope(downloadLinkSchema) } },
    },
    async (request) => {
      const url = await files.downloadLink(signedIn(request), request.params.id);
      return { message: MESSAGES.downloadReady, data: { url } };
    },
  );

  app.get(
    '/files/f/:id/content',
    {
      schema: {
        tags,
        params: fileIdParamsSchema,
        querystring: z.object({
          u: z.string().max(100).optional(),
          e: z.string().max(20).optional(),
          s: z.string().max(100).optional(),
        }),
      },
    },
    (request, reply) => serveFileContent(services, request, reply),
  );

  app.get(
    '/files/f/:id/thumbnail',
    {
      schema: {
        tags,
        params: fileIdParamsSchema,
        querystring: thumbnailQuerySchema,
      },
    },
    async (request, reply) => {
      const size = request.query.size === '1024' ? 1024 : 256;
      const thumbnail = await thumbnails.forViewer(signedIn(request), request.params.id, size);
      return sendThumbnail(request, reply, thumbnail);
    },
  );

  app.post(
    '/files/upload',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        body: uploadFormSchema,
        response: { 201: envelope(fileSchema) },
      },
      // The form is streamed to disk by receiveUpload as it arrives, never parsed or validated beforehand.
      validatorCompiler: describedOnly('body'),
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      const file = await receiveUpload(
        request,
        config,
        (upload) => files.upload(viewer, upload),
        services.uploadHooks,
        (smallestFileBytes) => files.assertRoomFor(viewer, smallestFileBytes),
      );
      return reply.status(201).send({ message: MESSAGES.uploadSuccess, data: file });
    },
  );

  app.post(
    '/files/upload-batch',
    {
      schema: {
        tags,
        description:
          'Many small files in one request (a dropped folder of thousands is not thousands of round trips). ' +
          'Each file is stored, or refused, as POST /files/upload would; the answer lists each one in order.',
        consumes: ['multipart/form-data'],
        body: uploadBatchFormSchema,
        response: { 200: envelope(batchUploadSchema) },
      },
      validatorCompiler: describedOnly('body'),
    },
    async (request) => {
      const viewer = signedIn(request);
      const results = await receiveUploadBatch(
        request,
        config,
        (upload) => files.upload(viewer, upload),
        services.uploadHooks,
        () => files.assertRoomFor(viewer, 1),
      );
      const stored = results.filter((result) => result.ok).length;
      return {
        message: batchUploadMessage(stored, results.length),
        data: { results: results.map(batchAnswer) },
      };
    },
  );

  app.patch(
    '/files/update/:id',
    {
      schema: {
        tags,
        params: fileIdParamsSchema,
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: updateFormSchema,
        response: { 200: envelope(fileSchema) },
      },
      // Read from any of the three encodings by readUpdateForm, then checked by updateFileBodySchema.
      validatorCompiler: describedOnly('body'),
    },
    async (request) => {
      const viewer = signedIn(request);
      const input = updateFileBodySchema.parse(await readUpdateForm(request));
      return { message: MESSAGES.updateSuccess, data: await files.update(viewer, request.params.id, input) };
    },
  );

  app.delete(
    '/files/delete/:id',
    { schema: { tags, params: fileIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await files.remove(signedIn(request), request.params.id);
      return { message: MESSAGES.deleteSuccess };
    },
  );
};
