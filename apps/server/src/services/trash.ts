import crypto from 'node:crypto';
import { FOLDER_MAX_DEPTH, TRASH_MESSAGES, type TrashItem, type TrashResult } from '@cloudstash/contract';
import type { Db } from '../db/connect';
import { inTransaction, type Executor } from '../db/executor';
import { notFound } from '../errors';
import { removePropertiesOf } from '../repositories/dav-properties';
import { fileIdsOfOwner } from '../repositories/files';
import * as folders from '../repositories/folders';
import { deleteLinksOfFolders } from '../repositories/share-links';
import { deleteSharesOfItems } from '../repositories/shares';
import * as trash from '../repositories/trash';
import type { TrashedRows, TrashEntryRow } from '../repositories/trash';
import type { BlobReferences } from './blob-references';
import { isoNow, type Clock } from './clock';
import { unusedFolderName } from './folder-names';
import type { ReclaimQueue } from './reclaim-queue';
import { sameTree } from './access-policy';
import type { Viewer } from './sessions';
import type { TrashSettings } from './trash-settings';

const DAY_MS = 86_400_000;
/** Files removed, or moved to the trash, per transaction. */
const FILE_BATCH = 200;
/** Entries purged per pass of the background maintenance. */
const PURGE_BATCH = 100;

const nothingInTrash = () => notFound(TRASH_MESSAGES.notFound);

/**
 * Where every delete of files and folders goes (web, API, batch, WebDAV, an administrator's moderation): final
 * when the instance keeps no trash, else each item moves, with everything in it, into its owner's trash for
 * TRASH_RETENTION_DAYS. A trashed item's rows leave their tables in the same transaction that records them
 * (repositories/trash.ts), and its blob references move with them, so shared bytes stay and nothing else needs
 * to know about the trash. Callers check access first: this class acts on the ids it is given.
 */
export class Trash {
  constructor(
    private readonly db: Db,
    private readonly references: BlobReferences,
    private readonly reclaims: ReclaimQueue,
    private readonly settings: TrashSettings,
    private readonly clock: Clock,
  ) {}

  /** Deletes files and whole folder trees: into the trash, or for good when it is off. */
  async discard(fileIds: string[], folderIds: string[]): Promise<void> {
    const days = await this.settings.days();
    if (days === 0) {
      await this.removeFiles(fileIds);
      await this.removeTrees(folderIds);
      return;
    }
    const deletedAt = this.clock.now();
    const times = {
      deleted_at: new Date(deletedAt).toISOString(),
      purge_at: new Date(deletedAt + days * DAY_MS).toISOString(),
    };
    const inTrees = new Set<string>();
    const trees: string[][] = [];
    for (const root of folderIds) {
      if (inTrees.has(root)) continue;
      const tree = await folders.folderAndDescendantIds(this.db, root);
      tree.forEach((id) => inTrees.add(id));
      trees.push(tree);
    }
    // A folder chosen together with one above it goes with that one, not as an entry of its own.
    for (const tree of trees)
      if (!trees.some((other) => other !== tree && other.slice(1).includes(tree[0]!))) {
        await inTransaction(this.db, (trx) => this.trashTree(trx, tree[0]!, times));
      }
    for (let i = 0; i < fileIds.length; i += FILE_BATCH) {
      const chunk = fileIds.slice(i, i + FILE_BATCH);
      await inTransaction(this.db, async (trx) => {
        for (const id of chunk) await this.trashFile(trx, id, times);
      });
    }
  }

  /** One page of the viewer's trash, newest deleted first. */
  async list(viewer: Viewer, page: { limit: number; cursor?: string }) {
    const result = await trash.listEntries(this.db, viewer.id, page);
    return {
      items: result.items.map(presentTrashItem),
      meta: { total: result.total, nextCursor: result.nextCursor },
    };
  }

  /**
   * Puts items back where they were, making again any folder on their path that is gone; a folder whose name is
   * now taken there comes back as 'name (restored)'. All the ids must be in the viewer's trash (404 otherwise).
   */
  async restore(viewer: Viewer, ids: { fileIds: string[]; folderIds: string[] }): Promise<TrashResult> {
    const entries = await this.ownedEntries(viewer, ids);
    const atTop: string[] = [];
    for (const entry of entries) {
      await inTransaction(this.db, async (trx) => {
        // A folder coming back changes a parent: it takes its turn with the owner's moves.
        if (entry.kind === 'folder') await folders.serialiseTreeMoves(trx, entry.owner_id);
        const taken = await trash.deleteEntry(trx, entry.id);
        if (!taken) return;
        const rows = JSON.parse(taken.entry.rows) as TrashedRows;
        const parentId = await this.placeFor(trx, taken.entry);
        if (taken.entry.kind === 'file') rows.files[0]!.folder_id = parentId;
        else {
          const renamed = await this.placeFolderBack(trx, rows, taken.entry, parentId);
          if (renamed) atTop.push(renamed);
        }
        await trash.putRowsBack(trx, rows);
      });
    }
    return { ...countKinds(entries), ...(atTop.length ? { atTop } : {}) };
  }

  /**
   * Readies a trashed folder's rows to go back under `parentId`; answers its name when it had to go to the top
   * instead (its tree would pass the depth limit there). A folder a restored file made again under its id
   * (placeFor) stands where it stood already: what lay in it merges into it, rather than a second folder of that
   * name coming back beside it.
   */
  private async placeFolderBack(
    trx: Executor,
    rows: TrashedRows,
    entry: TrashEntryRow,
    parentId: string | null,
  ): Promise<string | undefined> {
    const remade = new Set<string>();
    for (let i = 0; i < rows.folders.length; i += FILE_BATCH) {
      const ids = rows.folders.slice(i, i + FILE_BATCH).map((f) => f.id);
      for (const found of await folders.findFolders(trx, ids)) remade.add(found.id);
    }
    const rootRemade = remade.has(entry.id);
    rows.folders = rows.folders.filter((f) => !remade.has(f.id));
    if (rootRemade) return undefined;
    if (await this.fitsUnder(trx, rows, entry, parentId)) {
      await this.placeFolder(trx, rows, entry, parentId);
      return undefined;
    }
    return this.placeFolder(trx, rows, entry, null, { renamed: true });
  }

  /**
   * Whether a trashed folder's tree fits back under its parent within the depth limit: its parent may have
   * moved deeper while it lay in the trash.
   */
  private async fitsUnder(trx: Executor, rows: TrashedRows, entry: TrashEntryRow, parentId: string | null) {
    if (parentId === null) return true;
    const above = (await folders.folderAndAncestors(trx, parentId, FOLDER_MAX_DEPTH)).length;
    return above + 1 + heightOf(rows.folders, entry.id) <= FOLDER_MAX_DEPTH;
  }

  /** Deletes items in the viewer's trash for good (all of them when no id is given). */
  async purge(viewer: Viewer, ids: { fileIds?: string[]; folderIds?: string[] }): Promise<TrashResult> {
    if (ids.fileIds === undefined && ids.folderIds === undefined) {
      const purged: Pick<TrashEntryRow, 'kind'>[] = [];
      for (;;) {
        const batch = await trash.entryKindsOf(this.db, viewer.id, PURGE_BATCH);
        if (!batch.length) return countKinds(purged);
        for (const entry of batch) if (await this.purgeEntry(entry.id)) purged.push(entry);
      }
    }
    const entries = await this.ownedEntries(viewer, {
      fileIds: ids.fileIds ?? [],
      folderIds: ids.folderIds ?? [],
    });
    for (const entry of entries) await this.purgeEntry(entry.id);
    return countKinds(entries);
  }

  /**
   * Purges a batch of entries whose time is up, each in its own transaction (a crash loses at most the one in
   * flight, which rolls back whole and is taken again on the next pass); how many went.
   */
  async purgeDue(): Promise<number> {
    let purged = 0;
    for (const id of await trash.dueEntryIds(this.db, isoNow(this.clock), PURGE_BATCH)) {
      if (await this.purgeEntry(id)) purged += 1;
    }
    return purged;
  }

  /**
   * Everything an account holds, for good, when the account goes: its trash, then its files through the one
   * dedup path (bytes others hold stay). Its folder rows are the caller's to delete with the account.
   */
  async removeAllOf(ownerId: string): Promise<void> {
    for (;;) {
      const batch = await trash.entryKindsOf(this.db, ownerId, PURGE_BATCH);
      if (!batch.length) break;
      for (const { id } of batch) await this.purgeEntry(id);
    }
    for (;;) {
      const ids = await fileIdsOfOwner(this.db, ownerId, FILE_BATCH);
      if (!ids.length) return;
      await this.removeFiles(ids);
    }
  }

  private async purgeEntry(id: string): Promise<boolean> {
    const released = await this.references.releaseTrashEntry(id);
    if (!released) return false;
    // What was shared of the item itself ends with it (a restore would have brought it back).
    await forgetSharing(this.db, [id]);
    for (const hash of released) this.reclaims.add(hash);
    return true;
  }

  private async ownedEntries(viewer: Viewer, ids: { fileIds: string[]; folderIds: string[] }) {
    const fileIds = [...new Set(ids.fileIds)];
    const folderIds = [...new Set(ids.folderIds)];
    const entries = await trash.ownedEntries(this.db, viewer.id, [...fileIds, ...folderIds]);
    const kindOf = new Map(entries.map((e) => [e.id, e.kind]));
    const allThere =
      fileIds.every((id) => kindOf.get(id) === 'file') &&
      folderIds.every((id) => kindOf.get(id) === 'folder');
    if (!allThere) throw nothingInTrash();
    return entries;
  }

  /** A folder with everything below it, the tree read again inside the transaction that takes it. */
  private async trashTree(
    trx: Executor,
    rootId: string,
    times: Pick<TrashEntryRow, 'deleted_at' | 'purge_at'>,
  ) {
    const root = await folders.findFolder(trx, rootId);
    if (!root) return;
    const tree = await folders.folderAndDescendantIds(trx, rootId);
    const rows = await trash.takeRows(trx, tree, await trash.fileIdsIn(trx, tree));
    await this.record(trx, rows, {
      ...times,
      id: root.id,
      owner_id: root.owner_id,
      kind: 'folder',
      name: root.name,
      folder_id: root.parent_id,
      mimetype: null,
    });
  }

  /** A file already gone (a folder trashed in the same request took it, or a racing delete) is skipped. */
  private async trashFile(trx: Executor, id: string, times: Pick<TrashEntryRow, 'deleted_at' | 'purge_at'>) {
    const rows = await trash.takeRows(trx, [], [id]);
    const file = rows.files[0];
    if (!file) return;
    await this.record(trx, rows, {
      ...times,
      id: file.id,
      owner_id: file.owner_id,
      kind: 'file',
      name: file.filename,
      folder_id: file.folder_id,
      mimetype: file.mimetype,
    });
  }

  /** Writes the entry for rows just taken, holding their blob references. */
  private async record(
    trx: Executor,
    rows: TrashedRows,
    entry: Omit<TrashEntryRow, 'rows' | 'size' | 'files' | 'folder_names' | 'folder_ids'>,
  ) {
    const chain =
      entry.folder_id === null
        ? []
        : await folders.folderAndAncestors(trx, entry.folder_id, FOLDER_MAX_DEPTH);
    const size = [...rows.files, ...rows.versions].reduce((sum, r) => sum + Number(r.size), 0);
    const hashes = [...rows.files, ...rows.versions].map((r) => r.blob_hash);
    await trash.insertEntry(
      trx,
      {
        ...entry,
        folder_names: JSON.stringify(chain.map((f) => f.name).reverse()),
        folder_ids: JSON.stringify(chain.map((f) => f.id).reverse()),
        size,
        files: rows.files.length,
        rows: JSON.stringify(rows),
      },
      hashes,
    );
  }

  /**
   * The folder an entry goes back into: the one it was in, or the same path made again from the top. Each folder
   * made again takes the id it had while no folder has it (it is in the trash): restored later, that folder
   * then merges into it (placeFolderBack) instead of coming back beside it as 'name (restored)'.
   */
  private async placeFor(trx: Executor, entry: TrashEntryRow): Promise<string | null> {
    if (entry.folder_id === null) return null;
    const original = await folders.findFolder(trx, entry.folder_id);
    if (original && sameTree(original, entry)) return original.id;
    let parentId: string | null = null;
    const now = isoNow(this.clock);
    const names = JSON.parse(entry.folder_names) as string[];
    const ids = JSON.parse(entry.folder_ids ?? '[]') as string[];
    for (const [depth, name] of names.entries()) {
      const existing = await folders.findChildFolder(trx, entry.owner_id, parentId, name);
      if (existing) {
        parentId = existing.id;
        continue;
      }
      const had = ids[depth];
      const id = had && !(await folders.findFolder(trx, had)) ? had : crypto.randomUUID();
      await folders.insertFolder(trx, {
        id,
        owner_id: entry.owner_id,
        parent_id: parentId,
        name,
        created_at: now,
        updated_at: now,
      });
      parentId = id;
    }
    return parentId;
  }

  /**
   * Points a restored folder at its parent, under a name nothing there has ('name (restored)' at once when
   * `renamed`: it is not where it was, and its name says so); answers the name it took.
   */
  private async placeFolder(
    trx: Executor,
    rows: TrashedRows,
    entry: TrashEntryRow,
    parentId: string | null,
    { renamed = false } = {},
  ): Promise<string> {
    const root = rows.folders.find((f) => f.id === entry.id)!;
    root.parent_id = parentId;
    root.name = await unusedFolderName(trx, entry.owner_id, parentId, root.name, { renamed });
    return root.name;
  }

  private async removeFiles(fileIds: string[]) {
    for (let i = 0; i < fileIds.length; i += FILE_BATCH) {
      const batch = fileIds.slice(i, i + FILE_BATCH);
      for (const hash of await this.references.removeFiles(batch)) this.reclaims.add(hash);
      await forgetSharing(this.db, batch);
    }
  }

  /**
   * Removes whole trees for good: their files first, a batch per transaction through the one dedup path, then
   * the folder rows. A crash part-way leaves folders with fewer files, never a file without its folder;
   * removing again finishes the work.
   */
  private async removeTrees(rootIds: string[]): Promise<void> {
    const ids = new Set<string>();
    for (const root of rootIds)
      for (const id of await folders.folderAndDescendantIds(this.db, root)) ids.add(id);
    const all = [...ids];
    for (let i = 0; i < all.length; i += 500) {
      const chunk = all.slice(i, i + 500);
      for (;;) {
        const fileIds = await folders.fileIdsInFolders(this.db, chunk, FILE_BATCH);
        if (!fileIds.length) break;
        await this.removeFiles(fileIds);
      }
    }
    await removePropertiesOf(
      this.db,
      all.map((id) => `folder:${id}`),
    );
    await forgetSharing(this.db, all);
    // Deepest first is not needed: no foreign keys tie a folder to its parent, and all of them go.
    await folders.deleteFolderRows(this.db, all);
  }
}

/** How many levels of a trashed tree lie below its root (0 for a folder with no subfolders). */
function heightOf(trashed: TrashedRows['folders'], rootId: string): number {
  const children = new Map<string, string[]>();
  // The root's own parent is about to be set: in a damaged tree it may point into the subtree.
  for (const f of trashed)
    if (f.parent_id && f.id !== rootId)
      children.set(f.parent_id, [...(children.get(f.parent_id) ?? []), f.id]);
  let level = [rootId];
  let height = 0;
  // Bounded like every walk of a tree: rows written by hand could hold a cycle.
  while (height < FOLDER_MAX_DEPTH) {
    level = level.flatMap((id) => children.get(id) ?? []);
    if (!level.length) break;
    height += 1;
  }
  return height;
}

function countKinds(entries: Pick<TrashEntryRow, 'kind'>[]): TrashResult {
  const files = entries.filter((e) => e.kind === 'file').length;
  return { files, folders: entries.length - files };
}

function presentTrashItem(row: Omit<TrashEntryRow, 'rows' | 'folder_ids'>): TrashItem {
  const names = JSON.parse(row.folder_names) as string[];
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    path: `/${names.join('/')}`,
    ...(row.mimetype !== null && { mimetype: row.mimetype }),
    size: Number(row.size),
    files: Number(row.files),
    deletedAt: row.deleted_at,
    purgeAt: row.purge_at,
  };
}

/** The shares of items gone for good, and the folder and upload links of folders among them. */
async function forgetSharing(db: Executor, itemIds: string[]): Promise<void> {
  await deleteSharesOfItems(db, itemIds);
  await deleteLinksOfFolders(db, itemIds);
}
