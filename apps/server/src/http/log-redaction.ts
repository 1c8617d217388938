import type { FastifyRequest } from 'fastify';

/**
 * Where a secret sits in a URL: a share link's token (`/s/{token}`, `/api/v1/s/{token}/...`), a password reset
 * token (`/reset/{token}`), and query values: a signed download link's signature (`s`, and `sig` or
 * `signature` should one ever be named so), an invite (`invite`), a token, and the single sign-on callback's
 * `code` and `state`. Names are matched whatever their case, as a proxy might read them.
 */
const SECRET_SEGMENTS = /(\/(?:s|reset)\/)[^/?#\s"]+/gi;
const SECRET_PARAMS = /([?&](?:s|sig|signature|token|invite|code|state)=)[^&#\s"]*/gi;

export const REDACTED = '[redacted]';

/** The text with every secret that a URL in it carries replaced by [redacted]. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_SEGMENTS, `$1${REDACTED}`).replace(SECRET_PARAMS, `$1${REDACTED}`);
}

/**
 * Logger options that keep those secrets out of the log: the request serializer (Fastify's own fields, the
 * URL redacted), and a hook over every message text (Fastify's "Route GET:/s/... not found", say). Whoever
 * reads the log must not be able to open a link, a download or an account with what it holds.
 */
export const logRedaction = {
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactSecrets(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
      method.apply(
        this,
        args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg)),
      );
    },
  },
};
