import crypto from 'node:crypto';
import { DAV_MESSAGES } from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/executor';
import { isPostgres } from '../../db/totals';
import * as locks from '../../repositories/dav-locks';
import type { DavLockRow } from '../../repositories/dav-locks';
import { isoNow, type Clock } from '../clock';
import { DavError } from './errors';

export type { DavLockRow };

/** Longest lock granted; a client asking for more (or Infinite) gets this and refreshes, as RFC 4918 allows. */
export const MAX_LOCK_SECONDS = 24 * 3600;
const DEFAULT_LOCK_SECONDS = 3600;

/** The timeout a `Timeout` header asks for (its first readable choice), capped at MAX_LOCK_SECONDS. */
export function lockTimeout(header: string | undefined): number {
  for (const choice of (header ?? '').split(',').map((c) => c.trim().toLowerCase())) {
    if (choice === 'infinite') return MAX_LOCK_SECONDS;
    const match = /^second-(\d+)$/.exec(choice);
    if (match) return Math.max(1, Math.min(Number(match[1]), MAX_LOCK_SECONDS));
  }
  return DEFAULT_LOCK_SECONDS;
}

/** `/a/b` → `/`, `/a`, `/a/b`: the paths whose locks may cover it. */
export function selfAndAncestors(path: string): string[] {
  const out = ['/'];
  const parts = path.split('/').filter(Boolean);
  for (let i = 1; i <= parts.length; i++) out.push(`/${parts.slice(0, i).join('/')}`);
  return out;
}

/** Whether `lock` applies to `path`: held on it, or on an ancestor with depth infinity. */
const covers = (lock: DavLockRow, path: string) => lock.path === path || lock.depth === 'infinity';

export interface LockRequest {
  scope: 'exclusive' | 'shared';
  depth: '0' | 'infinity';
  ownerXml: string;
  timeoutSeconds: number;
}

/**
 * WebDAV write locks (RFC 4918 section 6), held in the database by path within an account's tree, so every
 * process sees the same locks. An exclusive lock conflicts with any other lock on the same resources, a shared
 * one only with an exclusive one. A lock with depth infinity covers everything below its path.
 */
export class DavLocks {
  private nextSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private now(): string {
    return isoNow(this.clock);
  }

  /** The unexpired locks that apply to `path`. */
  async covering(ownerId: string, path: string): Promise<DavLockRow[]> {
    const found = await locks.locksAt(this.db, ownerId, selfAndAncestors(path), this.now());
    return found.filter((lock) => covers(lock, path));
  }

  /** The unexpired locks held strictly below `path`. */
  below(ownerId: string, path: string): Promise<DavLockRow[]> {
    return locks.locksBelow(this.db, ownerId, path, this.now());
  }

  /** The locks a change to `path` must present: those that cover it, and with `withBelow` those below it too. */
  async affecting(ownerId: string, path: string, withBelow: boolean): Promise<DavLockRow[]> {
    const own = await this.covering(ownerId, path);
    if (!withBelow) return own;
    return [...own, ...(await locks.locksBelow(this.db, ownerId, path, this.now()))];
  }

  /** 423 unless every lock on what the request changes was submitted in its If header. */
  async assertUnlocked(
    ownerId: string,
    targets: Array<{ path: string; withBelow: boolean }>,
    submitted: ReadonlySet<string>,
  ): Promise<void> {
    for (const target of targets) {
      const held = await this.affecting(ownerId, target.path, target.withBelow);
      if (held.some((lock) => !submitted.has(lock.token))) {
        throw new DavError(423, DAV_MESSAGES.locked, 'lock-token-submitted');
      }
    }
  }

  async lock(ownerId: string, path: string, request: LockRequest): Promise<DavLockRow> {
    const now = this.clock.now();
    // Ended locks are ignored already; whichever LOCK comes first each minute deletes them.
    if (now >= this.nextSweep) {
      this.nextSweep = now + 60_000;
      await this.sweep();
    }
    const row: DavLockRow = {
      token: `opaquelocktoken:${crypto.randomUUID()}`,
      owner_id: ownerId,
      path,
      depth: request.depth,
      scope: request.scope,
      owner_xml: request.ownerXml,
      timeout_seconds: request.timeoutSeconds,
      expires_at: new Date(now + request.timeoutSeconds * 1000).toISOString(),
      created_at: new Date(now).toISOString(),
    };
    await inTransaction(this.db, async (trx) => {
      await locks.serialiseOwnerLocks(trx, ownerId, isPostgres(this.db));
      const iso = new Date(now).toISOString();
      const around = (await locks.locksAt(trx, ownerId, selfAndAncestors(path), iso)).filter((l) =>
        covers(l, path),
      );
      const below = request.depth === 'infinity' ? await locks.locksBelow(trx, ownerId, path, iso) : [];
      const conflict = [...around, ...below].some(
        (held) => held.scope === 'exclusive' || request.scope === 'exclusive',
      );
      if (conflict) throw new DavError(423, DAV_MESSAGES.lockConflict, 'no-conflicting-lock');
      await locks.insertLock(trx, row);
    });
    return row;
  }

  /** Extends a lock on `path` whose token was submitted; 412 when none was. */
  async refresh(
    ownerId: string,
    path: string,
    submitted: ReadonlySet<string>,
    timeoutSeconds: number,
  ): Promise<DavLockRow> {
    const lock = (await this.covering(ownerId, path)).find((l) => submitted.has(l.token));
    if (!lock) throw new DavError(412, DAV_MESSAGES.lockTokenMismatch, 'lock-token-matches-request-uri');
    const change = {
      timeout_seconds: timeoutSeconds,
      expires_at: isoNow(this.clock, timeoutSeconds * 1000),
    };
    await locks.extendLock(this.db, lock.token, change);
    return { ...lock, ...change };
  }

  /** Removes the lock `token` that covers `path`; 409 when it is not one of them. */
  async unlock(ownerId: string, path: string, token: string): Promise<void> {
    const lock = (await this.covering(ownerId, path)).find((l) => l.token === token);
    if (!lock) throw new DavError(409, DAV_MESSAGES.lockTokenMismatch, 'lock-token-matches-request-uri');
    await locks.deleteLock(this.db, token);
  }

  /** The resource at `path` is gone (deleted, or moved away): its locks and those below it go too. */
  async forget(ownerId: string, path: string): Promise<void> {
    await locks.deleteLocksFrom(this.db, ownerId, path);
  }

  /** Deletes ended locks (they are ignored already; this keeps the table small). */
  async sweep(): Promise<void> {
    await locks.deleteEndedLocks(this.db, this.now());
  }
}
