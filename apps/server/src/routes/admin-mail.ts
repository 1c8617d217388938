import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAIL_MESSAGES, envelope, mailStatusSchema, testMailResultSchema } from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import type { Services } from '../services/container';

const tags = ['admin'];

/** Instance Settings' mail section: whether mail is configured, the outbox's state, and a test mail. */
export const adminMailRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { mail } = services;

  app.get(
    '/settings/mail',
    { schema: { tags, response: { 200: envelope(mailStatusSchema) } } },
    async () => ({ message: MAIL_MESSAGES.mailStatusFetched, data: await mail.status() }),
  );

  app.post(
    '/settings/mail/test',
    { schema: { tags, response: { 200: envelope(testMailResultSchema) } } },
    async (request) => {
      const result = await mail.sendTest(signedIn(request).user.email);
      return { message: result.ok ? MAIL_MESSAGES.testMailSent : MAIL_MESSAGES.testMailFailed, data: result };
    },
  );
};
