import crypto from 'node:crypto';
import {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKENS_PER_ACCOUNT,
  ACCOUNT_MESSAGES,
  type AccessToken,
  type CreatedAccessToken,
  type TokenScope,
} from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/executor';
import { isPostgres } from '../../db/totals';
import { AppError, notFound } from '../../errors';
import * as tokens from '../../repositories/access-tokens';
import { presentUser } from '../presenters';
import { hashToken, type Viewer } from '../sessions';
import { isoNow, type Clock } from '../clock';

/** Only this often is a token's last use written, so a script's reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

const present = (row: {
  id: string;
  name: string;
  scope: TokenScope;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}): AccessToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
});

/**
 * Access tokens for scripts: 32 random bytes behind a recognisable prefix, shown once; only the SHA-256 is
 * stored (the token has 256 bits of entropy, so a fast hash is enough). An account holds at most
 * ACCESS_TOKENS_PER_ACCOUNT, so one account cannot grow the table (and its list) without bound. Every request looks the token up:
 * a revoked or expired token, or one of a disabled account, is refused on the very next request.
 */
export class AccessTokens {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(
    viewer: Viewer,
    input: { name: string; scope: TokenScope; expiresAt?: string | null },
  ): Promise<CreatedAccessToken> {
    const token = ACCESS_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
    const row = {
      id: crypto.randomUUID(),
      user_id: viewer.id,
      token_hash: hashToken(token),
      name: input.name,
      scope: input.scope,
      created_at: isoNow(this.clock),
      expires_at: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
      last_used_at: null,
    };
    // Counted under a lock on the account, so that tokens made at once cannot pass the cap together.
    await inTransaction(this.db, async (trx) => {
      await tokens.lockTokenOwner(trx, viewer.id, isPostgres(this.db));
      if ((await tokens.countAccessTokens(trx, viewer.id)) >= ACCESS_TOKENS_PER_ACCOUNT) {
        throw new AppError('CONFLICT', ACCOUNT_MESSAGES.tokenLimitReached);
      }
      await tokens.insertAccessToken(trx, row);
    });
    return { ...present(row), token };
  }

  /** A page of the viewer's tokens, newest first. */
  async list(viewer: Viewer, page: { limit: number; cursor?: string }) {
    const result = await tokens.listAccessTokens(this.db, viewer.id, page);
    return { items: result.rows.map(present), meta: { total: result.total, nextCursor: result.nextCursor } };
  }

  async revoke(viewer: Viewer, id: string): Promise<void> {
    if (!(await tokens.deleteAccessToken(this.db, viewer.id, id))) {
      throw notFound(ACCOUNT_MESSAGES.tokenNotFound);
    }
  }

  /** The viewer a bearer token stands for (with its scope), or null when it is unknown, expired or revoked. */
  async resolve(token: string): Promise<Viewer | null> {
    if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 200) return null;
    const row = await tokens.findAccessTokenWithUser(this.db, hashToken(token));
    if (!row) return null;
    const now = this.clock.now();
    if (row.expires_at && Date.parse(row.expires_at) <= now) return null;
    if (!row.last_used_at || now - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS) {
      await tokens.touchAccessToken(this.db, row.token_id, new Date(now).toISOString());
    }
    const user = presentUser(row);
    // A token acts as an ordinary user whatever the account's role: administering the instance and
    // moderating others' files and links need the administrator's own signed-in session.
    return { id: user._id, role: 'user', user, scope: row.scope, client: row.token_name };
  }
}
