import crypto from 'node:crypto';
import { DAV_MESSAGES, FOLDER_MAX_DEPTH } from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import { inTransaction, type Executor } from '../../db/executor';
import { isPostgres } from '../../db/totals';
import * as locks from '../../repositories/dav-locks';
import type { DavLockRow } from '../../repositories/dav-locks';
import { filesByIds } from '../../repositories/files';
import { chainsOf, folderAndAncestors } from '../../repositories/folders';
import { decideLockUse } from '../access-policy';
import { isoNow, type Clock } from '../clock';
import type { Viewer } from '../sessions';
import { DavError } from './errors';
import type { DavFolder, DavResource } from './tree';
import { writableTreeOwner } from './write-access';

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

const rootKey = (treeOwnerId: string) => `root:${treeOwnerId}`;

/** The item a lock on `resource` is held on, the same whichever path reached it. */
export function lockKeyOf(resource: DavResource): string {
  if (resource.kind === 'file') return `file:${resource.row.id}`;
  if (resource.sharedWithMe) return `shared-with-me:${resource.ownerId}`;
  return resource.id === null ? rootKey(resource.ownerId) : `folder:${resource.id}`;
}

/** Where a lock can apply: an item of someone's tree (or a name where nothing is yet) and the folders above. */
export interface LockSite {
  treeOwnerId: string;
  /** The item's lock key; null for a name nothing is at yet, which only the locks above it cover. */
  key: string | null;
  /** The lock keys of every folder above, its tree's top first, including those the viewer cannot see. */
  above: string[];
}

/** What a request names: the resource there, or the folder a new one would go in. */
export interface LockTarget {
  resource?: DavResource;
  parent?: DavFolder;
}

export interface LockRequest {
  scope: 'exclusive' | 'shared';
  depth: '0' | 'infinity';
  ownerXml: string;
  timeoutSeconds: number;
}

/**
 * WebDAV write locks (RFC 4918 section 6), held in the database on items, so every process sees the same locks
 * and a lock holds whichever path reaches its item: the owner's lock on `/Trip/a.jpg` stops an editor writing
 * `/Shared with me/Trip/a.jpg`, and the other way round. An exclusive lock conflicts with any other lock on the
 * same items, a shared one only with an exclusive one; a lock with depth infinity on a folder covers everything
 * below it. Only the account that took a lock can submit its token.
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

  /** The site of what a request names; undefined when even its parent is missing (no lock can apply). */
  async siteOf(target: LockTarget): Promise<LockSite | undefined> {
    if (target.resource) return this.siteOfResource(target.resource);
    if (!target.parent) return undefined;
    const parent = await this.siteOfResource(target.parent);
    return { treeOwnerId: parent.treeOwnerId, key: null, above: [...parent.above, parent.key!] };
  }

  private async siteOfResource(resource: DavResource): Promise<LockSite> {
    const key = lockKeyOf(resource);
    if (resource.kind === 'file') {
      const { owner_id, folder_id } = resource.row;
      return { treeOwnerId: owner_id, key, above: await this.keysAbove(this.db, owner_id, folder_id) };
    }
    if (resource.id === null) return { treeOwnerId: resource.ownerId, key, above: [] };
    const chain = await folderAndAncestors(this.db, resource.id, FOLDER_MAX_DEPTH);
    return { treeOwnerId: resource.ownerId, key, above: keysOf(resource.ownerId, chain.slice(1)) };
  }

  /** The keys of `folderId` and every folder above it, the tree's top first. */
  private async keysAbove(db: Executor, treeOwnerId: string, folderId: string | null): Promise<string[]> {
    if (folderId === null) return [rootKey(treeOwnerId)];
    return keysOf(treeOwnerId, await folderAndAncestors(db, folderId, FOLDER_MAX_DEPTH));
  }

  /** The unexpired locks that apply to `site`: held on its item, or on a folder above with depth infinity. */
  covering(site: LockSite | undefined): Promise<DavLockRow[]> {
    return this.coveringIn(this.db, site);
  }

  private async coveringIn(db: Executor, site: LockSite | undefined): Promise<DavLockRow[]> {
    if (!site) return [];
    const keys = site.key ? [...site.above, site.key] : site.above;
    const found = await locks.locksOnItems(db, keys, isoNow(this.clock));
    return found.filter((lock) => lock.item_key === site.key || lock.depth === 'infinity');
  }

  /** The unexpired locks held on items strictly below the site's folder. */
  private async belowIn(db: Executor, site: LockSite): Promise<DavLockRow[]> {
    if (!site.key) return [];
    const inTree = (await locks.locksInTree(db, site.treeOwnerId, isoNow(this.clock))).filter(
      (lock) => lock.item_key !== site.key,
    );
    if (site.key === rootKey(site.treeOwnerId)) return inTree;
    if (!site.key.startsWith('folder:') || !inTree.length) return [];
    // Where each held lock's item lies, read for all of them at once: a file's folder, then every folder's
    // chain up to the top, in one recursive query.
    const idOf = (lock: DavLockRow) => lock.item_key.slice(lock.item_key.indexOf(':') + 1);
    const fileIds = inTree.filter((l) => l.item_key.startsWith('file:')).map(idOf);
    const folderOfFile = new Map((await filesByIds(db, fileIds)).map((f) => [f.id, f.folder_id]));
    const startOf = (lock: DavLockRow) =>
      lock.item_key.startsWith('file:') ? folderOfFile.get(idOf(lock)) : idOf(lock);
    const starts = inTree.map(startOf).filter((id): id is string => typeof id === 'string');
    const above = new Map<string, Set<string>>();
    for (const row of await chainsOf(db, starts)) {
      above.set(row.start_id, (above.get(row.start_id) ?? new Set()).add(`folder:${row.id}`));
    }
    return inTree.filter((lock) => above.get(startOf(lock) ?? '')?.has(site.key!) ?? false);
  }

  /** The locks held directly on each of `resources` (a listing's children; what covers them all is known). */
  onItems(resources: DavResource[]): Promise<DavLockRow[]> {
    return locks.locksOnItems(this.db, resources.map(lockKeyOf), this.now());
  }

  /** 423 unless the viewer took, and submitted in its If header, every lock on what the request changes. */
  async assertUnlocked(
    viewer: Viewer,
    targets: Array<{ at: LockTarget; withBelow: boolean }>,
    submitted: ReadonlySet<string>,
  ): Promise<void> {
    for (const target of targets) {
      const site = await this.siteOf(target.at);
      if (!site) continue;
      const held = await this.coveringIn(this.db, site);
      if (target.withBelow) held.push(...(await this.belowIn(this.db, site)));
      if (held.some((lock) => !submitted.has(lock.token) || decideLockUse(viewer, lock) !== 'allow')) {
        throw new DavError(423, DAV_MESSAGES.locked, 'lock-token-submitted');
      }
    }
  }

  /** 423 when a lock `request` on the target would meet a lock it conflicts with. */
  async assertCanLock(target: LockTarget, request: LockRequest): Promise<void> {
    const site = await this.siteOf(target);
    if (site) await this.assertNoConflict(this.db, site, request);
  }

  private async assertNoConflict(db: Executor, site: LockSite, request: LockRequest): Promise<void> {
    const around = await this.coveringIn(db, site);
    const below = request.depth === 'infinity' ? await this.belowIn(db, site) : [];
    const conflict = [...around, ...below].some(
      (held) => held.scope === 'exclusive' || request.scope === 'exclusive',
    );
    if (conflict) throw new DavError(423, DAV_MESSAGES.lockConflict, 'no-conflicting-lock');
  }

  /** A new lock on `resource`, which the viewer must be allowed to write (403 otherwise). */
  async lock(viewer: Viewer, resource: DavResource, request: LockRequest): Promise<DavLockRow> {
    const treeOwnerId = await writableTreeOwner(this.db, viewer, resource);
    const site = await this.siteOfResource(resource);
    const now = this.clock.now();
    // Ended locks are ignored already; whichever LOCK comes first each minute deletes them.
    if (now >= this.nextSweep) {
      this.nextSweep = now + 60_000;
      await this.sweep();
    }
    const row: DavLockRow = {
      token: `opaquelocktoken:${crypto.randomUUID()}`,
      owner_id: viewer.id,
      item_key: site.key!,
      tree_owner_id: treeOwnerId,
      depth: request.depth,
      scope: request.scope,
      owner_xml: request.ownerXml,
      timeout_seconds: request.timeoutSeconds,
      expires_at: new Date(now + request.timeoutSeconds * 1000).toISOString(),
      created_at: new Date(now).toISOString(),
    };
    await inTransaction(this.db, async (trx) => {
      await locks.serialiseTreeLocks(trx, treeOwnerId, isPostgres(this.db));
      await this.assertNoConflict(trx, site, request);
      await locks.insertLock(trx, row);
    });
    return row;
  }

  /** Extends a lock the viewer took on the target (or above it) and submitted; 412 when there is none. */
  async refresh(
    viewer: Viewer,
    target: LockTarget,
    submitted: ReadonlySet<string>,
    timeoutSeconds: number,
  ): Promise<DavLockRow> {
    const lock = (await this.covering(await this.siteOf(target))).find(
      (l) => submitted.has(l.token) && decideLockUse(viewer, l) === 'allow',
    );
    if (!lock) throw new DavError(412, DAV_MESSAGES.lockTokenMismatch, 'lock-token-matches-request-uri');
    const change = {
      timeout_seconds: timeoutSeconds,
      expires_at: isoNow(this.clock, timeoutSeconds * 1000),
    };
    await locks.extendLock(this.db, lock.token, change);
    return { ...lock, ...change };
  }

  /** Removes the lock `token` that covers the target: 409 when none does, 403 when someone else took it. */
  async unlock(viewer: Viewer, target: LockTarget, token: string): Promise<void> {
    const lock = (await this.covering(await this.siteOf(target))).find((l) => l.token === token);
    if (!lock) throw new DavError(409, DAV_MESSAGES.lockTokenMismatch, 'lock-token-matches-request-uri');
    if (decideLockUse(viewer, lock) !== 'allow') throw new DavError(403, DAV_MESSAGES.lockNotYours);
    await locks.deleteLocks(this.db, [token]);
  }

  /**
   * Runs `change`, which deletes the resource or moves it away, then ends its locks and those on everything
   * below it: a lock never moves with its item (RFC 4918 section 7.5). They are found first, while the tree
   * still holds the item, and end only once the change is made.
   */
  async endLocksAfter(resource: DavResource, change: () => Promise<void>): Promise<void> {
    const site = await this.siteOfResource(resource);
    const ending = (await this.coveringIn(this.db, site)).filter((l) => l.item_key === site.key);
    ending.push(...(await this.belowIn(this.db, site)));
    await change();
    await locks.deleteLocks(
      this.db,
      ending.map((l) => l.token),
    );
  }

  /** Deletes ended locks (they are ignored already; this keeps the table small). */
  async sweep(): Promise<void> {
    await locks.deleteEndedLocks(this.db, this.now());
  }
}

/** Lock keys of a chain of folders read nearest first, returned the tree's top first. */
function keysOf(treeOwnerId: string, chainNearestFirst: Array<{ id: string }>): string[] {
  return [rootKey(treeOwnerId), ...chainNearestFirst.map((f) => `folder:${f.id}`).reverse()];
}
