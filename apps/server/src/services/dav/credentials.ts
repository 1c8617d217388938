import { ACCESS_TOKEN_PREFIX, DAV_MESSAGES } from '@cloudstash/contract';
import type { AccessTokens } from '../accounts/access-tokens';
import type { Viewer } from '../sessions';
import type { Throttle } from '../throttle';
import { DavError } from './errors';

export interface BasicCredentials {
  email: string;
  secret: string;
}

/** `Authorization: Basic base64(email:secret)`, or undefined when the request has none (or it is unreadable). */
export function parseBasic(header: string | undefined): BasicCredentials | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const text = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return undefined;
  return { email: text.slice(0, colon), secret: text.slice(colon + 1) };
}

/**
 * Who a WebDAV request is from: the account's email and one of its access tokens over HTTP Basic. The account
 * password is never accepted (it would skip a second factor), and the refusal says to create a token. Every
 * failure is counted per client address by the shared throttle, which refuses with 429 past its limit.
 */
export class DavCredentials {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly throttle: Throttle,
  ) {}

  async viewerOf(credentials: BasicCredentials | undefined, address: string): Promise<Viewer> {
    if (!credentials) throw new DavError(401, DAV_MESSAGES.tokenRequired);
    const viewer = credentials.secret.startsWith(ACCESS_TOKEN_PREFIX)
      ? await this.accessTokens.resolve(credentials.secret)
      : null;
    if (viewer && viewer.user.email.toLowerCase() === credentials.email.trim().toLowerCase()) return viewer;
    await this.throttle.take('davFailuresPerAddress', address);
    const isToken = credentials.secret.startsWith(ACCESS_TOKEN_PREFIX);
    throw new DavError(401, isToken ? DAV_MESSAGES.badCredentials : DAV_MESSAGES.tokenRequired);
  }
}

/** 403 for a read-only token on any method that changes something. */
export function assertMayWrite(viewer: Viewer): void {
  if (viewer.scope === 'read') throw new DavError(403, DAV_MESSAGES.readOnly);
}
