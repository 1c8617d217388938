import crypto from 'node:crypto';
import { SESSIONS_PER_ACCOUNT, type TokenScope, type User } from '@cloudstash/contract';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import * as sessions from '../repositories/sessions';
import { truncateAddress } from './client-info';
import { presentUser } from './presenters';
import type { Clock } from './clock';

/** Who is making a request: enough for every access rule. */
export interface Viewer {
  id: string;
  role: 'user' | 'admin';
  user: User;
  /** Present when the request came with an access token: what the token may do. A session may do everything. */
  scope?: TokenScope;
  /** The access token's name, when the request came with one: the app, sync client or device it stands for. */
  client?: string;
}

/** What a session remembers about the client that opened it, so its owner can recognise it. */
export interface SessionClient {
  userAgent?: string;
  address?: string;
}

/** Only this often is a session's last-seen time written, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'session'>,
    private readonly clock: Clock,
  ) {}

  /**
   * A new random token (256 bits); only its hash is stored. Past SESSIONS_PER_ACCOUNT sessions, the account's
   * least recently used ones end.
   */
  async create(userId: string, client: SessionClient = {}): Promise<{ token: string; expiresAt: Date }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = new Date(this.clock.now());
    const expiresAt = new Date(now.getTime() + this.config.session.ttlMs);
    await sessions.insertSession(this.db, {
      token_hash: hashToken(token),
      id: crypto.randomUUID(),
      user_id: userId,
      user_agent: client.userAgent?.slice(0, 500) ?? null,
      address: client.address ? truncateAddress(client.address) : null,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    });
    // Sign-ins that are never signed out (scripts logging in, say) must not pile up rows without end.
    await sessions.deleteSessionsBeyond(this.db, userId, SESSIONS_PER_ACCOUNT);
    return { token, expiresAt };
  }

  /** The viewer behind a token, or null when it is unknown, expired or idle for too long. */
  async resolve(token: string | undefined): Promise<Viewer | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const row = await sessions.findSessionWithUser(this.db, tokenHash);
    if (!row) return null;
    const now = this.clock.now();
    const idleSince = Date.parse(row.last_seen_at);
    if (Date.parse(row.expires_at) <= now || idleSince + this.config.session.idleMs <= now) {
      await sessions.deleteSession(this.db, tokenHash);
      return null;
    }
    if (now - idleSince > TOUCH_INTERVAL_MS)
      await sessions.touchSession(this.db, tokenHash, new Date(now).toISOString());
    const user = presentUser(row);
    return { id: user._id, role: user.role, user };
  }

  async end(token: string | undefined): Promise<void> {
    if (token) await sessions.deleteSession(this.db, hashToken(token));
  }

  async purgeExpired(): Promise<number> {
    const now = this.clock.now();
    return sessions.deleteExpiredSessions(
      this.db,
      new Date(now).toISOString(),
      new Date(now - this.config.session.idleMs).toISOString(),
    );
  }
}
