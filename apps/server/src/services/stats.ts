import { MESSAGES, type StorageStats } from '@cloudstash/contract';
import type { Db } from '../db/connect';
import { notFound } from '../http/errors';
import * as blobs from '../repositories/blobs';
import * as files from '../repositories/files';
import * as thumbnails from '../repositories/thumbnails';
import * as users from '../repositories/users';
import { contentUrl, presentUser } from './presenters';

/** Every figure comes from the database over all rows, never from summing a page the client holds. */
export class StatsService {
  constructor(private readonly db: Db) {}

  /** A user's own totals: each user is charged the full size of their files, shared bytes or not. */
  ownerTotals(userId: string) {
    return files.ownerFileTotals(this.db, userId);
  }

  publicSummary() {
    return files.publicFileTotals(this.db);
  }

  allFilesSummary() {
    return files.allFileTotals(this.db);
  }

  usersSummary() {
    return users.usersSummary(this.db);
  }

  async userWithTotals(userId: string) {
    const user = await users.findUserById(this.db, userId);
    if (!user) throw notFound(MESSAGES.userNotFound);
    return { user: presentUser(user), ...(await files.ownerFileTotals(this.db, userId)) };
  }

  /**
   * Logical = what users uploaded, physical = what is stored once. Thumbnails are reported on their own:
   * counting them in physical storage would make an instance without duplicates appear to lose space.
   */
  async storage(): Promise<StorageStats> {
    const [logical, physical, thumbs, totalUsers, shared, top] = await Promise.all([
      files.allFileTotals(this.db),
      blobs.blobTotals(this.db),
      thumbnails.thumbnailTotals(this.db),
      users.countUsers(this.db),
      blobs.mostReferencedBlob(this.db),
      files.topUploader(this.db),
    ]);
    const sharedFile = shared ? await files.anyFileOfBlob(this.db, shared.hash) : undefined;
    return {
      totalLogicalSize: logical.totalSize,
      totalPhysicalSize: physical.totalPhysicalSize,
      storageSaved: logical.totalSize - physical.totalPhysicalSize,
      thumbnailBytes: thumbs.bytes,
      totalFilesUploaded: logical.totalFiles,
      uniqueFilesStored: physical.uniqueFilesStored,
      totalUsers,
      mostDuplicatedFile:
        shared && sharedFile
          ? {
              sha256: shared.hash,
              fileId: sharedFile.id,
              filename: sharedFile.filename,
              count: Number(shared.ref_count),
              url: contentUrl(sharedFile.id),
            }
          : null,
      topUploader: top ? { userId: top.id, name: top.name, uploads: Number(top.uploads) } : null,
    };
  }
}
