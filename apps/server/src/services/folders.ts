import crypto from 'node:crypto';
import {
  FOLDER_MAX_DEPTH,
  FOLDER_MESSAGES,
  isStorableExactName,
  type Folder,
  type FolderWithPath,
  type UpdateFolderBody,
} from '@cloudstash/contract';
import type { Db } from '../db/connect';
import type { Executor } from '../db/executor';
import { AppError } from '../errors';
import * as folders from '../repositories/folders';
import type { FolderRow } from '../repositories/folders';
import { grantsOn } from '../repositories/shares';
import { findUserById } from '../repositories/users';
import { writeUnique } from './accounts/errors';
import { isoNow, type Clock } from './clock';
import { pathsTo } from './folder-paths';
import {
  folderItem,
  folderWithAccess,
  mayUseTop,
  permissionsFor,
  requireFolderAccess,
  sameTree,
} from './access-policy';
import type { Viewer } from './sessions';
import type { Trash } from './trash';

export const presentFolder = (row: FolderRow): Omit<Folder, 'permissions'> => ({
  _id: row.id,
  name: row.name,
  parentId: row.parent_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The API's schema says this first; WebDAV and every other way in that names a folder exactly meet it here. */
function assertFolderName(name: string): void {
  if (!isStorableExactName(name)) throw new AppError('VALIDATION_FAILED', FOLDER_MESSAGES.nameInvalid);
}

const nameTaken = () => new AppError('CONFLICT', FOLDER_MESSAGES.nameTaken);
const tooDeep = () => new AppError('VALIDATION_FAILED', FOLDER_MESSAGES.tooDeep);

/**
 * How much of the chain (the folder, then each folder above it) the viewer may see: all of it for the owner and an
 * administrator, else up to the highest folder shared with them.
 */
function visibleDepth(chain: FolderRow[], shared: Set<string> | null): number {
  if (shared === null) return chain.length;
  let top = 0;
  chain.forEach((f, i) => {
    if (shared.has(f.id)) top = i;
  });
  return top + 1;
}

/**
 * One account's folder tree: making, naming, moving and removing folders. A folder's name is unique among its
 * parent's folders ignoring case (the database's unique index decides races); a folder never moves into itself
 * or below itself, and no folder lies deeper than FOLDER_MAX_DEPTH. Moves change one row, whatever lies below.
 */
export class Folders {
  constructor(
    private readonly db: Db,
    private readonly trash: Trash,
    private readonly clock: Clock,
  ) {}

  /** A new folder at the top of the viewer's tree, or in a folder they may write to (owned by its owner). */
  async create(viewer: Viewer, input: { name: string; parentId?: string | null }): Promise<Folder> {
    assertFolderName(input.name);
    const parentId = input.parentId ?? null;
    const now = isoNow(this.clock);
    const row: folders.NewFolderRow = {
      id: crypto.randomUUID(),
      owner_id: viewer.id,
      parent_id: parentId,
      name: input.name,
      created_at: now,
      updated_at: now,
    };
    await this.writeNamed(async (trx) => {
      if (parentId !== null) {
        const parent = await requireFolderAccess(trx, viewer, parentId, 'write');
        if ((await this.depthOf(trx, parent.id)) + 1 > FOLDER_MAX_DEPTH) throw tooDeep();
        row.owner_id = parent.owner_id;
      }
      if (await folders.findChildFolder(trx, row.owner_id, parentId, input.name)) throw nameTaken();
      await folders.insertFolder(trx, row);
    });
    return this.answer(viewer, (await folders.findFolder(this.db, row.id))!);
  }

  /**
   * The folder, the path to it, what the viewer may do there and whose it is. Someone it is shared with sees the
   * path from the highest folder shared with them, never the owner's folders above it.
   */
  async get(viewer: Viewer, id: string): Promise<FolderWithPath> {
    const { folder, access } = await folderWithAccess(this.db, viewer, id, 'view');
    const chain = await folders.folderAndAncestors(this.db, folder.id, FOLDER_MAX_DEPTH);
    const permissions = (await permissionsFor(this.db, viewer, [folderItem(folder)])).get(folder.id)!;
    // The owner and an administrator see the whole path; anyone else from the highest folder shared with them.
    const shared =
      permissions.own || access === 'admin'
        ? null
        : new Set(
            (
              await grantsOn(
                this.db,
                viewer.id,
                chain.map((f) => f.id),
              )
            ).map((g) => g.item_id),
          );
    const above = chain.slice(1, visibleDepth(chain, shared));
    const path = above.reverse().map((f) => ({ _id: f.id, name: f.name }));
    const owner = await findUserById(this.db, folder.owner_id);
    return {
      ...presentFolder(folder),
      permissions,
      path,
      access,
      owner: { _id: folder.owner_id, name: owner?.name ?? '' },
    };
  }

  /** One page of a folder's subfolders (null: the top of the viewer's own tree), by name. */
  async list(viewer: Viewer, parentId: string | null, page: { limit: number; cursor?: string }) {
    const ownerId =
      parentId === null ? viewer.id : (await requireFolderAccess(this.db, viewer, parentId, 'view')).owner_id;
    const result = await folders.listChildFolders(this.db, ownerId, parentId, page);
    const permissions = await permissionsFor(this.db, viewer, result.items.map(folderItem));
    return {
      items: result.items.map((row) => ({ ...presentFolder(row), permissions: permissions.get(row.id)! })),
      meta: { total: result.total, nextCursor: result.nextCursor },
    };
  }

  /**
   * Folders anywhere in the viewer's own tree whose name contains `text`, each with the folders above it: the
   * first `limit` by name, and how many match.
   */
  async search(viewer: Viewer, text: string, limit: number) {
    const found = await folders.searchFolders(this.db, viewer.id, text, limit);
    const permissions = await permissionsFor(this.db, viewer, found.items.map(folderItem));
    const paths = await pathsTo(
      this.db,
      found.items.flatMap((row) => (row.parent_id ? [row.parent_id] : [])),
    );
    return {
      items: found.items.map((row) => ({
        ...presentFolder(row),
        path: row.parent_id ? (paths.get(row.parent_id) ?? []) : [],
        permissions: permissions.get(row.id)!,
      })),
      meta: { total: found.total, nextCursor: null },
    };
  }

  async update(viewer: Viewer, id: string, input: UpdateFolderBody): Promise<Folder> {
    if (input.name !== undefined) assertFolderName(input.name);
    await this.writeNamed(async (trx) => {
      const folder = await requireFolderAccess(trx, viewer, id, 'view');
      const parentId = input.parentId === undefined ? folder.parent_id : input.parentId;
      const name = input.name ?? folder.name;
      if (name !== folder.name) await requireFolderAccess(trx, viewer, id, 'write');
      if (parentId !== folder.parent_id) {
        await folders.serialiseTreeMoves(trx, folder.owner_id);
        // Read again under the lock: a move that held it before may have changed what lies above.
        await this.assertMovable(trx, viewer, await requireFolderAccess(trx, viewer, id, 'move'), parentId);
      }
      const clash = await folders.findChildFolder(trx, folder.owner_id, parentId, name);
      if (clash && clash.id !== folder.id) throw nameTaken();
      await folders.updateFolderRow(trx, id, { name, parent_id: parentId }, isoNow(this.clock));
    });
    return this.answer(viewer, (await folders.findFolder(this.db, id))!);
  }

  /** A folder as an answer gives it: with what the viewer may now do with it. */
  private async answer(viewer: Viewer, row: FolderRow): Promise<Folder> {
    return {
      ...presentFolder(row),
      permissions: (await permissionsFor(this.db, viewer, [folderItem(row)])).get(row.id)!,
    };
  }

  /** Moves folders (already checked to be the viewer's) into a target, in the caller's transaction. */
  async moveInto(trx: Executor, viewer: Viewer, ids: string[], targetId: string | null): Promise<void> {
    // Every owner's lock, in one order, before the first check: two batches never wait on each other in turn.
    const owners = [...new Set((await folders.findFolders(trx, ids)).map((f) => f.owner_id))].sort();
    for (const owner of owners) await folders.serialiseTreeMoves(trx, owner);
    for (const id of ids) {
      const folder = await requireFolderAccess(trx, viewer, id, 'move');
      if (folder.parent_id === targetId) continue;
      await this.assertMovable(trx, viewer, folder, targetId);
      if (await folders.findChildFolder(trx, folder.owner_id, targetId, folder.name)) throw nameTaken();
      await folders.updateFolderRow(trx, id, { parent_id: targetId }, isoNow(this.clock));
    }
  }

  /** Deletes the folder with every folder and file below it (into the trash when the instance keeps one). */
  async remove(viewer: Viewer, id: string): Promise<void> {
    await requireFolderAccess(this.db, viewer, id, 'delete');
    await this.trash.discard([], [id]);
  }

  /** The folder a new or moved file goes to, checked to be one the viewer may write into; null is the top. */
  async requireTarget(viewer: Viewer, folderId: string | null | undefined, db: Executor = this.db) {
    if (folderId === null || folderId === undefined) return null;
    return requireFolderAccess(db, viewer, folderId, 'write');
  }

  /** A folder moves within its owner's tree, into a folder the viewer may write to; only its owner moves it to the top. */
  private async assertMovable(trx: Executor, viewer: Viewer, folder: FolderRow, targetId: string | null) {
    if (targetId === null) {
      if (!mayUseTop(viewer, folder.owner_id)) throw new AppError('NOT_FOUND', FOLDER_MESSAGES.notFound);
      return;
    }
    const target = await requireFolderAccess(trx, viewer, targetId, 'write');
    if (!sameTree(target, folder)) throw new AppError('NOT_FOUND', FOLDER_MESSAGES.notFound);
    const chain = await folders.folderAndAncestors(trx, target.id, FOLDER_MAX_DEPTH);
    if (chain.some((f) => f.id === folder.id)) {
      throw new AppError('VALIDATION_FAILED', FOLDER_MESSAGES.intoItself);
    }
    if (chain.length + 1 + (await folders.heightBelow(trx, folder.id)) > FOLDER_MAX_DEPTH) throw tooDeep();
  }

  private async depthOf(db: Executor, id: string): Promise<number> {
    return (await folders.folderAndAncestors(db, id, FOLDER_MAX_DEPTH)).length;
  }

  /** A write that may meet a name taken by a write racing it: the unique index's refusal is the same 409. */
  private writeNamed(work: (trx: Executor) => Promise<void>): Promise<void> {
    return writeUnique(this.db, work, nameTaken);
  }
}
