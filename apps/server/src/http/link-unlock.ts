import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * One unlock cookie per link, scoped to that link's API path (`/api/v1/s/{token}` or `/api/v1/r/{token}`), so
 * unlocking one link unlocks nothing else and the token never travels in a URL other than the link itself.
 */
const UNLOCK_COOKIE = 'cloudstash_link';

export const unlockProofOf = (request: FastifyRequest): string | undefined => request.cookies[UNLOCK_COOKIE];

export function setUnlockCookie(
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
