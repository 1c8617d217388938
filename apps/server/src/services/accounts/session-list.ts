import { ACCOUNT_MESSAGES, type AccountSession } from '@cloudstash/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import * as sessions from '../../repositories/sessions';
import { notFound } from '../../errors';
import { hashToken, type Viewer } from '../sessions';
import { describeUserAgent } from '../client-info';
import type { Clock } from '../clock';

/** The sessions a person can see and end: where they are signed in. */
export class SessionList {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'session'>,
    private readonly clock: Clock,
  ) {}

  /** A page of the viewer's live sessions, newest first; `current` marks the one making the request. */
  async list(
    viewer: Viewer,
    currentToken: string | undefined,
    page: { limit: number; cursor?: string },
  ): Promise<{ items: AccountSession[]; meta: { total: number; nextCursor: string | null } }> {
    const currentHash = currentToken ? hashToken(currentToken) : undefined;
    const now = this.clock.now();
    const live = {
      now: new Date(now).toISOString(),
      idleBefore: new Date(now - this.config.session.idleMs).toISOString(),
    };
    const result = await sessions.listSessionsOfUser(this.db, viewer.id, live, page);
    return {
      items: result.rows.map((row) => ({
        id: row.id,
        ...describeUserAgent(row.user_agent),
        address: row.address,
        createdAt: row.created_at,
        lastUsedAt: row.last_seen_at,
        current: row.token_hash === currentHash,
      })),
      meta: { total: result.total, nextCursor: result.nextCursor },
    };
  }

  async end(viewer: Viewer, sessionId: string): Promise<void> {
    if (!(await sessions.deleteSessionOfUser(this.db, viewer.id, sessionId))) {
      throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
    }
  }

  async endOthers(viewer: Viewer, currentToken: string | undefined): Promise<void> {
    await sessions.deleteSessionsOfUserExcept(
      this.db,
      viewer.id,
      currentToken ? hashToken(currentToken) : undefined,
    );
  }
}
