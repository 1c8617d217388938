import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  envelope,
  inviteStatusSchema,
  inviteTokenParamsSchema,
  loginBodySchema,
  loginResultSchema,
  messageSchema,
  registerBodySchema,
  userSchema,
} from '@cloudstash/contract';
import {
  clearSessionCookie,
  sessionToken,
  setPendingLoginCookie,
  setSessionCookie,
  signedIn,
} from '../http/auth';
import type { Services } from '../services/container';

export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { accounts, signIn, sessions, config, throttle } = services;

  app.post(
    '/users/register',
    {
      // Per client address before the body is read; the hourly limit needs the body (an invite is exempt).
      onRequest: throttle.perAddress('registrationPerAddressMinute'),
      schema: { tags: ['users'], body: registerBodySchema, response: { 201: envelope(userSchema) } },
    },
    async (request, reply) => {
      const user = await accounts.register(request.body, { address: request.ip });
      return reply.status(201).send({ message: MESSAGES.registerSuccess, data: user });
    },
  );

  app.get(
    '/users/invites/:token',
    {
      onRequest: throttle.perAddress('inviteCheckPerAddress'),
      schema: {
        tags: ['users'],
        params: inviteTokenParamsSchema,
        response: { 200: envelope(inviteStatusSchema) },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.inviteFetched,
      data: await services.registration.inviteState(request.params.token),
    }),
  );

  app.post(
    '/users/login',
    {
      onRequest: throttle.perAddress('signInPerAddress'),
      schema: { tags: ['users'], body: loginBodySchema, response: { 200: envelope(loginResultSchema) } },
    },
    async (request, reply) => {
      const outcome = await signIn.withPassword(request.body, {
        userAgent: request.headers['user-agent'],
        address: request.ip,
      });
      if ('totpRequired' in outcome) {
        setPendingLoginCookie(reply, config, outcome.pending.value, outcome.pending.expiresAt);
        return { message: ACCOUNT_MESSAGES.totpRequired, data: { totpRequired: true as const } };
      }
      setSessionCookie(reply, config, outcome.token, outcome.expiresAt);
      return { message: MESSAGES.loginSuccess, data: outcome.user };
    },
  );

  app.get(
    '/users/me',
    { schema: { tags: ['users'], response: { 200: envelope(userSchema) } } },
    async (request) => {
      const viewer = signedIn(request);
      return { message: MESSAGES.userFetched, data: viewer.user };
    },
  );

  app.post(
    '/users/logout',
    { schema: { tags: ['users'], response: { 200: messageSchema } } },
    async (request, reply) => {
      await sessions.end(sessionToken(request, config));
      clearSessionCookie(reply, config);
      return { message: MESSAGES.logoutSuccess };
    },
  );
};
