import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The cookie carrying a single sign-on from its start to its callback (sealed state, nonce and PKCE verifier).
 * SameSite=Lax, not Strict: the callback is a top-level navigation coming from the provider's site.
 */
function oidcFlowCookieName(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-cloudstash_oidc' : 'cloudstash_oidc';
}

const options = (config: Config) =>
  ({ httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/' }) as const;

export function setOidcFlowCookie(reply: FastifyReply, config: Config, value: string, expires: Date) {
  void reply.setCookie(oidcFlowCookieName(config), value, { ...options(config), expires });
}

export function clearOidcFlowCookie(reply: FastifyReply, config: Config) {
  void reply.clearCookie(oidcFlowCookieName(config), options(config));
}

export function oidcFlowCookie(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[oidcFlowCookieName(config)];
}
