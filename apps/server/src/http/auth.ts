import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { SessionService, Viewer } from '../services/sessions';
import { forbidden, unauthenticated } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

export function sessionCookieName(config: Pick<Config, 'secureCookies'>): string {
  // The __Host- prefix makes the browser insist on Secure, Path=/ and no Domain: no subdomain can plant it.
  return config.secureCookies ? '__Host-cloudstash_session' : 'cloudstash_session';
}

/** Resolves the session cookie of every API request once, before any route runs. */
export const sessionPlugin = fp<{ sessions: SessionService; config: Config }>(
  async (app, { sessions, config }) => {
    const cookieName = sessionCookieName(config);
    app.decorateRequest('viewer', null);
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/'))
        request.viewer = await sessions.resolve(request.cookies[cookieName]);
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
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

export function sessionToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieName(config)];
}

/** The signed-in viewer, or 401. */
export function signedIn(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

/** The signed-in administrator, or 401/403. */
export function adminOnly(request: FastifyRequest): Viewer {
  const viewer = signedIn(request);
  if (viewer.role !== 'admin') throw forbidden();
  return viewer;
}
