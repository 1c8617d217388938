import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  LINK_MESSAGES,
  linkTokenParamsSchema,
  messageSchema,
  unlockBodySchema,
} from '@cloudstash/contract';
import type { Config } from '../config';

/**
 * One unlock cookie per link, scoped to that link's API path (`/api/v1/s/{token}` or `/api/v1/r/{token}`), so
 * unlocking one link unlocks nothing else and the token never travels in a URL other than the link itself.
 */
const UNLOCK_COOKIE = 'cloudstash_link';

export const unlockProofOf = (request: FastifyRequest): string | undefined => request.cookies[UNLOCK_COOKIE];

/** The API path a link's visitors use, and its unlock cookie's scope: `/api/v1/{s|r}/{token}`. */
export const linkApiPath = (prefix: 's' | 'r', token: string) =>
  `${API_BASE}/${prefix}/${encodeURIComponent(token)}`;

/**
 * `POST /{prefix}/:token/unlock`: the password once, then the cookie. `admits` first refuses a token that is
 * not a link of the route's kind (with the dead link's 404); `unlock` answers null for a link with no password.
 */
export function registerUnlockRoute(
  app: FastifyInstance,
  config: Pick<Config, 'secureCookies'>,
  options: {
    prefix: 's' | 'r';
    tags: string[];
    admits?: (token: string) => Promise<unknown>;
    unlock: (
      token: string,
      password: string,
      ip: string,
    ) => Promise<{ proof: string; maxAgeMs: number } | null>;
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    `/${options.prefix}/:token/unlock`,
    {
      schema: {
        tags: options.tags,
        params: linkTokenParamsSchema,
        body: unlockBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      await options.admits?.(token);
      const unlocked = await options.unlock(token, request.body.password, request.ip);
      if (unlocked) setUnlockCookie(reply, config, linkApiPath(options.prefix, token), unlocked);
      return { message: LINK_MESSAGES.linkUnlocked };
    },
  );
}

function setUnlockCookie(
  reply: FastifyReply,
  config: Pick<Config, 'secureCookies'>,
  path: string,
  unlocked: { proof: string; maxAgeMs: number },
): void {
  void reply.setCookie(UNLOCK_COOKIE, unlocked.proof, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path,
    maxAge: Math.floor(unlocked.maxAgeMs / 1000),
  });
}
