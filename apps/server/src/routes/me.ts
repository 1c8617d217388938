import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  accessTokenSchema,
  accountListQuerySchema,
  accountSessionSchema,
  changePasswordBodySchema,
  createTokenBodySchema,
  createdAccessTokenSchema,
  deleteAccountBodySchema,
  disableTotpBodySchema,
  endSessionsQuerySchema,
  envelope,
  messageSchema,
  pageEnvelope,
  recoveryCodesSchema,
  sessionIdParamsSchema,
  tokenIdParamsSchema,
  totpCodeBodySchema,
  totpSetupSchema,
  totpStatusSchema,
  updateProfileBodySchema,
  userSchema,
} from '@cloudstash/contract';
import { clearSessionCookie, sessionOnly, sessionToken, signedIn } from '../http/auth';
import type { Services } from '../services/container';

const tags = ['account'];

/** A person's own account: profile, password, sessions, two-factor sign-in, access tokens, deletion. */
export const meRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { profile, sessionList, totp, accessTokens, config, throttle } = services;
  // Every route that checks a password or a code is limited per address like sign-in.

  app.patch(
    '/users/me',
    { schema: { tags, body: updateProfileBodySchema, response: { 200: envelope(userSchema) } } },
    async (request) => ({
      message: ACCOUNT_MESSAGES.profileUpdated,
      data: await profile.rename(signedIn(request), request.body.name),
    }),
  );

  app.post(
    '/users/me/password',
    {
      onRequest: throttle.perAddress('passwordChangePerAddress'),
      schema: { tags, body: changePasswordBodySchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await profile.changePassword(sessionOnly(request), sessionToken(request, config), request.body);
      return {
        message: request.body.revokeTokens
          ? ACCOUNT_MESSAGES.passwordChangedTokensRevoked
          : ACCOUNT_MESSAGES.passwordChanged,
      };
    },
  );

  app.delete(
    '/users/me',
    {
      onRequest: throttle.perAddress('accountDeletionPerAddress'),
      schema: { tags, body: deleteAccountBodySchema, response: { 200: messageSchema } },
    },
    async (request, reply) => {
      await profile.deleteOwnAccount(sessionOnly(request), request.body);
      clearSessionCookie(reply, config);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );

  app.get(
    '/users/me/sessions',
    {
      schema: {
        tags,
        querystring: accountListQuerySchema,
        response: { 200: pageEnvelope(accountSessionSchema) },
      },
    },
    async (request) => {
      const page = await sessionList.list(signedIn(request), sessionToken(request, config), request.query);
      return { message: ACCOUNT_MESSAGES.sessionsFetched, data: page.items, meta: page.meta };
    },
  );

  app.delete(
    '/users/me/sessions/:id',
    { schema: { tags, params: sessionIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await sessionList.end(sessionOnly(request), request.params.id);
      return { message: ACCOUNT_MESSAGES.sessionEnded };
    },
  );

  app.delete(
    '/users/me/sessions',
    { schema: { tags, querystring: endSessionsQuerySchema, response: { 200: messageSchema } } },
    async (request) => {
      await sessionList.endOthers(sessionOnly(request), sessionToken(request, config));
      return { message: ACCOUNT_MESSAGES.otherSessionsEnded };
    },
  );

  app.get(
    '/users/me/totp',
    { schema: { tags, response: { 200: envelope(totpStatusSchema) } } },
    async (request) => ({
      message: ACCOUNT_MESSAGES.totpStatusFetched,
      data: await totp.status(signedIn(request)),
    }),
  );

  app.post(
    '/users/me/totp',
    { schema: { tags, response: { 200: envelope(totpSetupSchema) } } },
    async (request) => ({
      message: ACCOUNT_MESSAGES.totpSetupStarted,
      data: await totp.beginSetup(sessionOnly(request)),
    }),
  );

  app.post(
    '/users/me/totp/enable',
    {
      onRequest: throttle.perAddress('totpPerAddress'),
      schema: { tags, body: totpCodeBodySchema, response: { 200: envelope(recoveryCodesSchema) } },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.totpEnabled,
      data: { recoveryCodes: await totp.enable(sessionOnly(request), request.body.code) },
    }),
  );

  app.delete(
    '/users/me/totp',
    {
      onRequest: throttle.perAddress('totpPerAddress'),
      schema: { tags, body: disableTotpBodySchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const viewer = sessionOnly(request);
      await profile.requirePassword(viewer.id, request.body.password, 'password');
      await totp.disable(viewer, request.body.code);
      return { message: ACCOUNT_MESSAGES.totpDisabled };
    },
  );

  app.get(
    '/users/me/tokens',
    {
      schema: {
        tags,
        querystring: accountListQuerySchema,
        response: { 200: pageEnvelope(accessTokenSchema) },
      },
    },
    async (request) => {
      const page = await accessTokens.list(signedIn(request), request.query);
      return { message: ACCOUNT_MESSAGES.tokensFetched, data: page.items, meta: page.meta };
    },
  );

  app.post(
    '/users/me/tokens',
    { schema: { tags, body: createTokenBodySchema, response: { 201: envelope(createdAccessTokenSchema) } } },
    async (request, reply) => {
      const created = await accessTokens.create(sessionOnly(request), request.body);
      return reply.status(201).send({ message: ACCOUNT_MESSAGES.tokenCreated, data: created });
    },
  );

  app.delete(
    '/users/me/tokens/:id',
    { schema: { tags, params: tokenIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await accessTokens.revoke(sessionOnly(request), request.params.id);
      return { message: ACCOUNT_MESSAGES.tokenRevoked };
    },
  );
};
