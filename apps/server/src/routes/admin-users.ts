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
import { adminOnly } from '../http/auth';
import type { Services } from '../services/container';

const tags = ['admin'];

/** Administration of accounts: disable, role, delete, reset links, invites, and who may register. */
export const adminUserRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { userAdmin, registration } = services;

  app.patch(
    '/admin/users/:id',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        body: adminUpdateUserBodySchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      adminOnly(request);
      return {
        message: ACCOUNT_MESSAGES.userUpdated,
        data: await userAdmin.update(request.params.id, request.body),
      };
    },
  );

  app.delete(
    '/admin/users/:id',
    { schema: { tags, params: userIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      adminOnly(request);
      await userAdmin.remove(request.params.id);
      return { message: ACCOUNT_MESSAGES.userDeleted };
    },
  );

  app.post(
    '/admin/users/:id/reset-link',
    { schema: { tags, params: userIdParamsSchema, response: { 201: envelope(oneTimeLinkSchema) } } },
    async (request, reply) => {
      const link = await userAdmin.createResetLink(adminOnly(request), request.params.id);
      return reply.status(201).send({ message: ACCOUNT_MESSAGES.resetLinkCreated, data: link });
    },
  );

  app.post(
    '/admin/invites',
    { schema: { tags, body: createInvitesBodySchema, response: { 201: envelope(createdInvitesSchema) } } },
    async (request, reply) => {
      const count = request.body?.count ?? 1;
      const invites = await registration.createInvites(adminOnly(request), count);
      const message = count === 1 ? ACCOUNT_MESSAGES.inviteCreated : ACCOUNT_MESSAGES.invitesCreated;
      return reply.status(201).send({ message, data: { ...invites[0]!, invites } });
    },
  );

  app.get(
    '/admin/settings',
    { schema: { tags, response: { 200: envelope(instanceSettingsSchema) } } },
    async (request) => {
      adminOnly(request);
      return { message: ACCOUNT_MESSAGES.settingsFetched, data: await registration.settings() };
    },
  );

  app.patch(
    '/admin/settings',
    {
      schema: { tags, body: updateSettingsBodySchema, response: { 200: envelope(instanceSettingsSchema) } },
    },
    async (request) => {
      adminOnly(request);
      return {
        message: ACCOUNT_MESSAGES.settingsUpdated,
        data: await registration.setMode(request.body.registration),
      };
    },
  );
};
