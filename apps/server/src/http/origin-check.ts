import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@cloudstash/contract';
import type { Config } from '../config';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function ownOrigin(request: FastifyRequest, config: Pick<Config, 'publicOrigin'>): string {
  return config.publicOrigin ?? `${request.protocol}://${request.host}`;
}

/**
 * A foreign Origin, a browser saying the request is cross-site, or, when there is no Origin to compare, a
 * browser saying anything but same-origin: `same-site` is a sibling subdomain (someone else's pages on a shared
 * domain) and `none` a navigation nobody on this origin started. A request with neither header is not from a
 * browser page (a script, a token) and goes through.
 */
export function isCrossSite(request: FastifyRequest, config: Pick<Config, 'publicOrigin'>): boolean {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (origin === undefined) return site !== undefined && site !== 'same-origin';
  return site === 'cross-site' || origin !== ownOrigin(request, config);
}

/**
 * CSRF defence for state-changing requests. SameSite=Lax alone is not enough: a multipart upload is a
 * "simple" request a foreign page can send. A foreign Origin, or a browser saying cross-site, is refused.
 */
export function registerOriginCheck(app: FastifyInstance, config: Pick<Config, 'publicOrigin'>): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // A page on another site cannot add an Authorization header without a CORS preflight this server never
    // grants, and bearer requests carry no cookies (http/auth.ts), so a bearer request is no CSRF vector.
    if (/^Bearer /i.test(request.headers.authorization ?? '')) return;
    if (isCrossSite(request, config)) throw new AppError('CROSS_SITE', MESSAGES.crossSite);
  });
}
