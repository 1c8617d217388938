import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_MESSAGES, SESSION_HINT_COOKIE } from '@cloudstash/contract';
import type { Config } from '../config';
import type { AccessTokens } from '../services/accounts/access-tokens';
import type { Sessions, Viewer } from '../services/sessions';
import { AppError, forbidden, unauthenticated } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

export function sessionCookieName(config: Pick<Config, 'secureCookies'>): string {
  // The __Host- prefix makes the browser insist on Secure, Path=/ and no Domain: no subdomain can plant it.
  return config.secureCookies ? '__Host-cloudstash_session' : 'cloudstash_session';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The token of an `Authorization: Bearer ...` header, if the request has one. Whatever follows "Bearer " is the
 * token, malformed or not, so a request the Origin check treats as a bearer request is never judged by its cookie.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  return /^Bearer /i.test(header) ? header.slice('Bearer '.length).trim() : undefined;
}

/**
 * Resolves who is asking, once per API request, before any route runs: the session cookie, or an access token
 * (`Authorization: Bearer`). Never both: a request carrying a bearer token and any cookie is refused with 400,
 * so a page's ambient cookies can never lend a script's request authority, nor the reverse. A token that is
 * unknown, revoked or expired is refused with 401 at once; a read-only token gets 403 on every method that
 * changes state, whatever the route.
 */
export const sessionPlugin = fp<{ sessions: Sessions; accessTokens: AccessTokens; config: Config }>(
  async (app, { sessions, accessTokens, config }) => {
    const cookieName = sessionCookieName(config);
    app.decorateRequest('viewer', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const token = bearerToken(request);
      if (token === undefined) {
        request.viewer = await sessions.resolve(request.cookies[cookieName]);
        syncSessionHint(request, reply, config);
        return;
      }
      if (request.headers.cookie) throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.bearerWithCookie);
      const viewer = await accessTokens.resolve(token);
      if (!viewer) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.tokenInvalid);
      if (viewer.scope === 'read' && !SAFE_METHODS.has(request.method)) {
        throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.tokenReadOnly);
      }
      request.viewer = viewer;
    });
  },
);

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expires: Date): void {
  void reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    expires,
  });
  setSessionHint(reply, config, expires);
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
  void reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', sameSite: 'lax', secure: config.secureCookies });
}

/** The page-readable hint that a session may exist (SESSION_HINT_COOKIE); never a credential. */
function setSessionHint(reply: FastifyReply, config: Config, expires: Date): void {
  void reply.setCookie(SESSION_HINT_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    expires,
  });
}

/**
 * Keeps the hint true to the session cookie: a session made before the hint existed gets it, and a session
 * cookie that no longer resolves (expired, signed out elsewhere) loses it with the hint.
 */
function syncSessionHint(request: FastifyRequest, reply: FastifyReply, config: Config): void {
  const hinted = request.cookies[SESSION_HINT_COOKIE] !== undefined;
  if (request.viewer && !hinted) {
    setSessionHint(reply, config, new Date(Date.now() + config.session.ttlMs));
  } else if (!request.viewer && hinted) {
    void reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', sameSite: 'lax', secure: config.secureCookies });
  }
}

export function sessionToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieName(config)];
}

/** The signed-in viewer, or 401. */
export function signedIn(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

/**
 * The signed-in viewer of a browser session, or 401/403: managing the account itself (password, two-factor,
 * sessions, tokens, deleting it) needs the person, not a script's access token.
 */
export function sessionOnly(request: FastifyRequest): Viewer {
  const viewer = signedIn(request);
  if (viewer.scope) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.bearerNotAllowed);
  return viewer;
}

/** The cookie that carries a sign-in waiting for its two-factor code (no session exists yet). */
export function pendingLoginCookieName(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-cloudstash_totp' : 'cloudstash_totp';
}

export function setPendingLoginCookie(reply: FastifyReply, config: Config, value: string, expires: Date) {
  void reply.setCookie(pendingLoginCookieName(config), value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
    path: '/',
    expires,
  });
}

export function clearPendingLoginCookie(reply: FastifyReply, config: Config) {
  void reply.clearCookie(pendingLoginCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
  });
}

/**
 * The guard of the whole `/admin` scope (app.ts adds it once, as a hook): an administrator's own signed-in
 * session, or 401/403. An access token never administers, whoever made it: a script that leaks must not be able
 * to mint reset links, change roles or make invites.
 */
export async function adminSessionOnly(request: FastifyRequest): Promise<void> {
  const viewer = signedIn(request);
  if (viewer.scope) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.adminNeedsSession);
  if (viewer.role !== 'admin') throw forbidden();
}
