import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  adminUpdateUserBodySchema,
  createInvitesBodySchema,
  createdInvitesSchema,
  envelope,
  instanceSettingsSchema,
  inviteIdParamsSchema,
  outstandingInviteSchema,
  messageSchema,
  oneTimeLinkSchema,
  updateSettingsBodySchema,
  updateTrashSettingsBodySchema,
  updateVersionSettingsBodySchema,
  userIdParamsSchema,
  userSchema,
  trashSettingsSchema,
  versionSettingsSchema,
} from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import type { Services } from '../services/container';

const tags = ['admin'];

/**
 * Administration of accounts: disable, role, delete, reset links, invites, who may register, which files they may
 * upload, and how many earlier versions each file keeps.
 */
export const adminUserRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { userAdmin, invites, instanceSettings, versionSettings, trashSettings } = services;

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
      const links = await invites.create(signedIn(request), { count, email: request.body?.email });
      const message = count === 1 ? ACCOUNT_MESSAGES.inviteCreated : ACCOUNT_MESSAGES.invitesCreated;
      return reply.status(201).send({ message, data: { ...links[0]!, invites: links } });
    },
  );

  app.get(
    '/invites',
    { schema: { tags, response: { 200: envelope(z.array(outstandingInviteSchema)) } } },
    async () => ({ message: ACCOUNT_MESSAGES.invitesFetched, data: await invites.outstanding() }),
  );

  app.delete(
    '/invites/:id',
    { schema: { tags, params: inviteIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await invites.revoke(request.params.id);
      return { message: ACCOUNT_MESSAGES.inviteRevokedDone };
    },
  );

  app.get(
    '/settings',
    { schema: { tags, response: { 200: envelope(instanceSettingsSchema) } } },
    async () => ({ message: ACCOUNT_MESSAGES.settingsFetched, data: await instanceSettings.read() }),
  );

  app.get(
    '/settings/versions',
    { schema: { tags, response: { 200: envelope(versionSettingsSchema) } } },
    async () => ({ message: ACCOUNT_MESSAGES.settingsFetched, data: await versionSettings.settings() }),
  );

  app.patch(
    '/settings/versions',
    {
      schema: {
        tags,
        body: updateVersionSettingsBodySchema,
        response: { 200: envelope(versionSettingsSchema) },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.settingsUpdated,
      data: await versionSettings.setKeep(request.body.versionsKeep),
    }),
  );

  app.get(
    '/settings/trash',
    { schema: { tags, response: { 200: envelope(trashSettingsSchema) } } },
    async () => ({ message: ACCOUNT_MESSAGES.settingsFetched, data: await trashSettings.settings() }),
  );

  app.patch(
    '/settings/trash',
    {
      schema: {
        tags,
        body: updateTrashSettingsBodySchema,
        response: { 200: envelope(trashSettingsSchema) },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.settingsUpdated,
      data: await trashSettings.setDays(request.body.trashRetentionDays),
    }),
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
