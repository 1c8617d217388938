import crypto from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  INVITE_TTL_MS,
  type OneTimeLink,
  type OutstandingInvite,
} from '@cloudstash/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { notFound } from '../../errors';
import { insertInvite, outstandingInvites, revokeInvite } from '../../repositories/one-time-tokens';
import { hashToken, type Viewer } from '../sessions';
import { isoNow, type Clock } from '../clock';
import { linkTo } from './registration';

/**
 * Invite links, as administrators keep them: made one at a time or for a team at once, bound to an address or
 * not, listed while outstanding and revoked. Only a token's hash is stored, so a link is shown once, when made.
 */
export class Invites {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'publicOrigin'>,
    private readonly clock: Clock,
  ) {}

  /** `count` links at once, for a team that joins together, or one only `email` may use. */
  async create(admin: Viewer, input: { count: number; email?: string }): Promise<OneTimeLink[]> {
    const links: OneTimeLink[] = [];
    for (let i = 0; i < input.count; i++) links.push(await this.createOne(admin, input.email ?? null));
    return links;
  }

  async outstanding(): Promise<OutstandingInvite[]> {
    const rows = await outstandingInvites(this.db, isoNow(this.clock));
    return rows.map((row) => ({
      _id: row.id,
      email: row.email,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      createdBy: { _id: row.created_by, name: row.creator_name ?? '' },
    }));
  }

  /** From now on the link says it was revoked, on the registration page and to a form sent with it. */
  async revoke(id: string): Promise<void> {
    if (!(await revokeInvite(this.db, id, isoNow(this.clock))))
      throw notFound(ACCOUNT_MESSAGES.inviteNotFound);
  }

  /** A one-time invite link valid for 7 days. */
  private async createOne(admin: Viewer, email: string | null): Promise<OneTimeLink> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now + INVITE_TTL_MS).toISOString();
    await insertInvite(this.db, {
      token_hash: hashToken(token),
      id: crypto.randomUUID(),
      email,
      created_by: admin.id,
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt,
      used_at: null,
      used_by: null,
      revoked_at: null,
    });
    return { url: linkTo(this.config, `/register?invite=${token}`), expiresAt };
  }
}
