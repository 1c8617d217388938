import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@cloudstash/contract';
import type { Services } from '../services/container';

const healthSchema = z.object({
  message: z.string(),
  data: z.object({
    database: z.enum(['up', 'down']),
    blobStore: z.enum(['up', 'down']),
    shuttingDown: z.boolean(),
  }),
});

/** Readiness: 200 only while the database and the blob store answer and the process is not shutting down. */
export const healthRoutes: FastifyPluginAsyncZod<{
  services: Services;
  isShuttingDown: () => boolean;
}> = async (app, { services, isShuttingDown }) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const { database, blobStore } = await services.health.check();
      const shuttingDown = isShuttingDown();
      const healthy = database === 'up' && blobStore === 'up' && !shuttingDown;
      return reply.status(healthy ? 200 : 503).send({
        message: healthy ? 'ok' : MESSAGES.unavailable,
        data: { database, blobStore, shuttingDown },
      });
    },
  );
};
