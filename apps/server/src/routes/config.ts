import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, allowedTypesFor, envelope, uploadConfigSchema } from '@cloudstash/contract';
import type { Services } from '../services/container';

/** The limits a client obeys before it sends a byte; public, since the sign-up page may show them too. */
export const configRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { config, quotas, uploadTypes, versionSettings, trashSettings } = services;
  app.get(
    '/config',
    { schema: { tags: ['config'], response: { 200: envelope(uploadConfigSchema) } } },
    async (request) => {
      const quotaBytes = request.viewer ? await quotas.quotaOf(request.viewer.id) : config.defaultQuotaBytes;
      const versionsKeep = await versionSettings.keep();
      const trashRetentionDays = await trashSettings.days();
      return {
        message: MESSAGES.configFetched,
        data: {
          maxUploadBytes: config.maxUploadBytes,
          allowedTypes: allowedTypesFor(await uploadTypes.mode()),
          resumableChunkBytes: config.resumableChunkBytes,
          ...(quotaBytes !== null && { quotaBytes }),
          ...(versionsKeep > 0 && { versionsKeep }),
          ...(trashRetentionDays > 0 && { trashRetentionDays }),
          ...(services.mail.enabled && { mail: true as const }),
        },
      };
    },
  );
};
