import crypto from 'node:crypto';
import { API_BASE } from '@cloudstash/contract';
import type { Clock } from './clock';

/** What a link serves: one file's bytes, or a zip of a stored selection. Part of what is signed. */
type Purpose = 'download' | 'zip';

/**
 * Short-lived download links. The signature binds what the link serves (a file, or a zip's selection), the
 * user it was issued to and the expiry, so a link cannot be widened to another file or turned into the other
 * kind, and access is still re-checked for that user when it is used.
 */
export class SignedUrls {
  constructor(
    private readonly secret: Buffer,
    private readonly lifetimeMs: number,
    private readonly clock: Clock,
  ) {}

  private sign(purpose: Purpose, id: string, userId: string, expires: number): string {
    return crypto
      .createHmac('sha256', this.secret)
      .update(`${purpose}\n${id}\n${userId}\n${expires}`)
      .digest('base64url');
  }

  private query(purpose: Purpose, id: string, userId: string): string {
    const expires = this.clock.now() + this.lifetimeMs;
    const params = new URLSearchParams({
      u: userId,
      e: String(expires),
      s: this.sign(purpose, id, userId, expires),
    });
    return params.toString();
  }

  create(fileId: string, userId: string): string {
    return `${API_BASE}/files/f/${fileId}/content?${this.query('download', fileId, userId)}`;
  }

  /** A link to the zip of a stored selection. */
  createZip(selectionId: string, userId: string): string {
    return `${API_BASE}/files/zip/${selectionId}?${this.query('zip', selectionId, userId)}`;
  }

  /** The user a valid, unexpired link was issued to; undefined otherwise. */
  verify(
    fileId: string,
    query: { u?: string; e?: string; s?: string },
    purpose: Purpose = 'download',
  ): string | undefined {
    const expires = Number(query.e);
    if (!query.u || !query.s || !Number.isFinite(expires) || expires < this.clock.now()) return undefined;
    const expected = Buffer.from(this.sign(purpose, fileId, query.u, expires));
    const given = Buffer.from(query.s);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? query.u : undefined;
  }
}
