import crypto from 'node:crypto';
import { API_BASE } from '@cloudstash/contract';
import type { Clock } from './clock';

/**
 * Short-lived download links. The signature binds the file, the user it was issued to and the expiry, so a
 * link cannot be widened to another file, and access is still re-checked for that user when it is used.
 */
export class SignedUrls {
  constructor(
    private readonly secret: Buffer,
    private readonly lifetimeMs: number,
    private readonly clock: Clock,
  ) {}

  private sign(fileId: string, userId: string, expires: number): string {
    return crypto
      .createHmac('sha256', this.secret)
      .update(`download\n${fileId}\n${userId}\n${expires}`)
      .digest('base64url');
  }

  create(fileId: string, userId: string): string {
    const expires = this.clock.now() + this.lifetimeMs;
    const params = new URLSearchParams({
      u: userId,
      e: String(expires),
      s: this.sign(fileId, userId, expires),
    });
    return `${API_BASE}/files/f/${fileId}/content?${params.toString()}`;
  }

  /** The user a valid, unexpired link was issued to; undefined otherwise. */
  verify(fileId: string, query: { u?: string; e?: string; s?: string }): string | undefined {
    const expires = Number(query.e);
    if (!query.u || !query.s || !Number.isFinite(expires) || expires < this.clock.now()) return undefined;
    const expected = Buffer.from(this.sign(fileId, query.u, expires));
    const given = Buffer.from(query.s);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? query.u : undefined;
  }
}
