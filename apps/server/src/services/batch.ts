import { FOLDER_MESSAGES, MESSAGES, type batchBodySchema } from '@cloudstash/contract';
import type { z } from 'zod';
import type { Db } from '../db/connect';
import { inTransaction } from '../db/executor';
import { notFound } from '../errors';
import { filesByIds, moveFileRows } from '../repositories/files';
import { ownedFolderIds } from '../repositories/folders';
import { isoNow, type Clock } from './clock';
import type { Folders } from './folders';
import type { Viewer } from './sessions';
import type { Trash } from './trash';

type BatchInput = z.output<typeof batchBodySchema>;

/**
 * Moves and deletes of many files and folders at once, all or nothing: every id is checked to be the viewer's
 * before anything changes, and one that is not answers 404 (the same as an id that names nothing).
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
    await this.assertOwned(viewer, fileIds, folderIds);
    if (input.action === 'delete') {
      await this.trash.discard(fileIds, folderIds);
      return { files: fileIds.length, folders: folderIds.length };
    }
    const target = input.targetFolderId ?? null;
    await inTransaction(this.db, async (trx) => {
      await this.folders.requireTarget(viewer, target, trx);
      await this.folders.moveInto(trx, viewer, folderIds, target);
      await moveFileRows(trx, fileIds, target, isoNow(this.clock));
    });
    return { files: fileIds.length, folders: folderIds.length };
  }

  private async assertOwned(viewer: Viewer, fileIds: string[], folderIds: string[]): Promise<void> {
    const files = await filesByIds(this.db, fileIds);
    if (files.length !== fileIds.length || files.some((f) => f.owner_id !== viewer.id)) {
      throw notFound(MESSAGES.fileNotFound);
    }
    if ((await ownedFolderIds(this.db, viewer.id, folderIds)).length !== folderIds.length) {
      throw notFound(FOLDER_MESSAGES.notFound);
    }
  }
}
