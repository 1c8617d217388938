import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  adminUpdateUserBodySchema,
  createInvitesBodySchema,
  createdInvitesSchema,
  envelope,
  instanceSettingsSchema,
  messageSchema,
  oneTimeLinkSchema,
  updateSettingsBodySchema,
  userIdParamsSchema,
  userSchema,
} from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import type { Services } from '../services/container';

const tags = ['admin'];

/** Administration of accounts: disable, role, delete, reset links, invites, who may register and which files they may upload. */
export const adminUserRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { userAdmin, registration, instanceSettings } = services;

  app.patch(
    '/users/:id',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        body: adminUpdateUserBodySchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      return {
        message: ACCOUNT_MESSAGES.userUpdated,
        data: await userAdmin.update(request.params.id, request.body),
      };
    },
  );

  app.delete(
    '/users/:id',
    { schema: { tags, params: userIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await userAdmin.remove(request.params.id);
      return { message: ACCOUNT_MESSAGES.userDeleted };
    },
  );

  app.post(
    '/users/:id/reset-link',
    { schema: { tags, params: userIdParamsSchema, response: { 201: envelope(oneTimeLinkSchema) } } },
    async (request, reply) => {
      const link = await userAdmin.createResetLink(signedIn(request), request.params.id);
      return reply.status(201).send({ message: ACCOUNT_MESSAGES.resetLinkCreated, data: link });
    },
  );

  app.post(
    '/invites',
    { schema: { tags, body: createInvitesBodySchema, response: { 201: envelope(createdInvitesSchema) } } },
    async (request, reply) => {
      const count = request.body?.count ?? 1;
      const invites = await registration.createInvites(signedIn(request), count);
      const message = count === 1 ? ACCOUNT_MESSAGES.inviteCreated : ACCOUNT_MESSAGES.invitesCreated;
      return reply.status(201).send({ message, data: { ...invites[0]!, invites } });
    },
  );

  app.get(
    '/settings',
    { schema: { tags, response: { 200: envelope(instanceSettingsSchema) } } },
    async () => ({ message: ACCOUNT_MESSAGES.settingsFetched, data: await instanceSettings.read() }),
  );

  app.patch(
    '/settings',
    {
      schema: { tags, body: updateSettingsBodySchema, response: { 200: envelope(instanceSettingsSchema) } },
    },
    async (request) => {
      return {
        message: ACCOUNT_MESSAGES.settingsUpdated,
        data: await instanceSettings.update(request.body),
      };
    },
  );
};
