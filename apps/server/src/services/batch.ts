import { FOLDER_MESSAGES, MESSAGES, type batchBodySchema } from '@cloudstash/contract';
import type { z } from 'zod';
import type { Db } from '../db/connect';
import { inTransaction } from '../db/executor';
import { notFound } from '../errors';
import { filesByIds, moveFileRows } from '../repositories/files';
import { ownedFolderIds } from '../repositories/folders';
import { mayUseTop, owns, requireFileAccess, requireFolderAccess, sameTree } from './access-policy';
import { isoNow, type Clock } from './clock';
import type { Folders } from './folders';
import type { Viewer } from './sessions';
import type { Trash } from './trash';

type BatchInput = z.output<typeof batchBodySchema>;

/**
 * Moves and deletes of many files and folders at once, all or nothing: every id is checked against the access
 * policy before anything changes; one the viewer cannot see answers 404 (the same as an id that names nothing).
 */
export class Batch {
  constructor(
    private readonly db: Db,
    private readonly folders: Folders,
    private readonly trash: Trash,
    private readonly clock: Clock,
  ) {}

  async apply(viewer: Viewer, input: BatchInput): Promise<{ files: number; folders: number }> {
    const fileIds = [...new Set(input.fileIds)];
    const folderIds = [...new Set(input.folderIds)];
    const owners = await this.assertAllowed(viewer, input.action, fileIds, folderIds);
    if (input.action === 'delete') {
      await this.trash.discard(fileIds, folderIds);
      return { files: fileIds.length, folders: folderIds.length };
    }
    const target = input.targetFolderId ?? null;
    await inTransaction(this.db, async (trx) => {
      const targetFolder = await this.folders.requireTarget(viewer, target, trx);
      // Items move within one owner's tree: into a folder of that owner, or to the top by the owner alone.
      const fits = (owner: string) =>
        targetFolder ? sameTree(targetFolder, { owner_id: owner }) : mayUseTop(viewer, owner);
      if (![...owners].every(fits)) throw notFound(FOLDER_MESSAGES.notFound);
      await this.folders.moveInto(trx, viewer, folderIds, target);
      await moveFileRows(trx, fileIds, target, isoNow(this.clock));
    });
    return { files: fileIds.length, folders: folderIds.length };
  }

  /**
   * Every item is one the viewer may move or delete (their own need no further read; others' are asked of the
   * access policy, one by one); answers whose trees the items lie in.
   */
  private async assertAllowed(
    viewer: Viewer,
    action: 'move' | 'delete',
    fileIds: string[],
    folderIds: string[],
  ): Promise<Set<string>> {
    const owners = new Set<string>();
    const files = await filesByIds(this.db, fileIds);
    if (files.length !== fileIds.length) throw notFound(MESSAGES.fileNotFound);
    for (const file of files) {
      if (!owns(viewer, file)) await requireFileAccess(this.db, viewer, file.id, action);
      owners.add(file.owner_id);
    }
    const owned = new Set(await ownedFolderIds(this.db, viewer.id, folderIds));
    if (owned.size > 0) owners.add(viewer.id);
    for (const id of folderIds) {
      if (!owned.has(id)) owners.add((await requireFolderAccess(this.db, viewer, id, action)).owner_id);
    }
    return owners;
  }
}
