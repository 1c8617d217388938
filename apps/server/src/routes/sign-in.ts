import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  MAIL_MESSAGES,
  MESSAGES,
  forgotPasswordBodySchema,
  envelope,
  messageSchema,
  registrationInfoSchema,
  resetPasswordBodySchema,
  totpCodeBodySchema,
  userSchema,
} from '@cloudstash/contract';
import { clearPendingLoginCookie, pendingLoginCookieName, setSessionCookie } from '../http/auth';
import type { Services } from '../services/container';

const tags = ['users'];

/**
 * Public steps around signing in: the two-factor code, a password reset link (and asking for one by mail), and
 * who may register.
 */
export const signInRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { signIn, userAdmin, registration, config, throttle, passwordRecovery } = services;

  app.post(
    '/users/login/totp',
    {
      onRequest: throttle.perAddress('totpPerAddress'),
      schema: { tags, body: totpCodeBodySchema, response: { 200: envelope(userSchema) } },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await signIn.withCode(
        request.cookies[pendingLoginCookieName(config)],
        request.body.code,
        { userAgent: request.headers['user-agent'], address: request.ip },
      );
      clearPendingLoginCookie(reply, config);
      setSessionCookie(reply, config, token, expiresAt);
      return { message: MESSAGES.loginSuccess, data: user };
    },
  );

  app.post(
    '/users/reset',
    {
      onRequest: throttle.perAddress('passwordResetPerAddress'),
      schema: { tags, body: resetPasswordBodySchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await userAdmin.resetPassword(request.body.token, request.body.newPassword);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/users/password/forgot',
    {
      onRequest: throttle.perAddress('forgotPasswordPerAddress'),
      schema: { tags, body: forgotPasswordBodySchema, response: { 202: messageSchema } },
    },
    async (request, reply) => {
      await passwordRecovery.request(request.body.email);
      return reply.code(202).send({ message: MAIL_MESSAGES.forgotPasswordSent });
    },
  );

  app.get(
    '/users/registration',
    { schema: { tags, response: { 200: envelope(registrationInfoSchema) } } },
    async () => ({
      message: ACCOUNT_MESSAGES.registrationFetched,
      data: { mode: await registration.mode() },
    }),
  );
};
