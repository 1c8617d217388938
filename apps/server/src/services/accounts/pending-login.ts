import crypto from 'node:crypto';
import { TOTP_PENDING_TTL_MS } from '@cloudstash/contract';
import type { Clock } from '../clock';

/**
 * Proof that a password was right, carried in a short-lived httpOnly cookie until the second factor completes
 * the sign-in: the account id and an expiry, signed with the instance secret (no session exists yet, and no
 * row is needed). It grants nothing but the right to try a code, which is rate limited per account.
 */
export class PendingLogins {
  constructor(
    private readonly secret: Buffer,
    private readonly clock: Clock,
  ) {}

  issue(userId: string): { value: string; expiresAt: Date } {
    const expiresAt = new Date(this.clock.now() + TOTP_PENDING_TTL_MS);
    const payload = `${userId}.${expiresAt.getTime()}`;
    return { value: `${payload}.${this.sign(payload)}`, expiresAt };
  }

  /** The account id, or null when the value is forged, malformed or expired. */
  verify(value: string | undefined): string | null {
    if (!value || value.length > 300) return null;
    const parts = value.split('.');
    if (parts.length !== 3) return null;
    const [userId, expires, mac] = parts as [string, string, string];
    const expected = Buffer.from(this.sign(`${userId}.${expires}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    if (!(Number(expires) > this.clock.now())) return null;
    return userId;
  }

  private sign(payload: string): string {
    return crypto.createHmac('sha256', this.secret).update(`totp-pending:${payload}`).digest('base64url');
  }
}
