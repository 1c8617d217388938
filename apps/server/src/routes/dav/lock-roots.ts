import { lockKeyOf, type DavLockRow } from '../../services/dav/locks';
import type { DavFolder, DavResource } from '../../services/dav/tree';
import { hrefOf } from './paths';

/** A lock as one answer shows it: the lock, and the href of the item it is held on as the caller sees it. */
export interface ShownLock {
  lock: DavLockRow;
  rootHref: string;
}

/**
 * The `lockroot` href of each lock that covers `resource`, reached through `chain` (the folders the caller's
 * path walked). A lock is held on an item, whoever reached it by whichever path, so its root is shown by the
 * caller's own path to that item. A lock on a folder above what the caller can see (the owner's folder above
 * a folder shared with them) is shown at the highest item they can see, never by the owner's folder names.
 */
export function lockRoots(chain: DavFolder[], resource: DavResource): (lock: DavLockRow) => string {
  const seen = new Map<string, string>();
  for (const folder of chain) seen.set(lockKeyOf(folder), hrefOf(folder.path, true));
  seen.set(lockKeyOf(resource), hrefOf(resource.path, resource.kind === 'folder'));
  const top = chain.find((folder) => folder.id !== null) ?? resource;
  const topHref = hrefOf(top.path, top.kind === 'folder');
  return (lock) => seen.get(lock.item_key) ?? topHref;
}

export const shown = (locks: DavLockRow[], rootOf: (lock: DavLockRow) => string): ShownLock[] =>
  locks.map((lock) => ({ lock, rootHref: rootOf(lock) }));
