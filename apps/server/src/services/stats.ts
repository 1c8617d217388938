import { MESSAGES, type StorageStats } from '@cloudstash/contract';
import type { Db } from '../db/connect';
import type { Quotas } from './quotas';
import { notFound } from '../errors';
import * as blobs from '../repositories/blobs';
import * as totals from '../repositories/file-totals';
import * as files from '../repositories/files';
import * as thumbnails from '../repositories/thumbnails';
import * as trash from '../repositories/trash';
import * as users from '../repositories/users';
import {
  presentAllFilesSummary,
  presentOwnerTotals,
  presentPublicSummary,
  presentStorage,
  presentUser,
} from './presenters';

/** Every figure comes from the database over all rows, never from summing a page the client holds. */
export class Stats {
  constructor(
    private readonly db: Db,
    private readonly quotas: Quotas,
  ) {}

  /** An account's totals and its quota when it has one, so a screen can show "used of quota". */
  async ownerTotals(userId: string) {
    const [row, quotaBytes, inTrash] = await Promise.all([
      totals.ownerTotalsRow(this.db, userId),
      this.quotas.quotaOf(userId),
      trash.trashBytes(this.db, userId),
    ]);
    return { ...presentOwnerTotals(row, inTrash), ...(quotaBytes !== null && { quotaBytes }) };
  }

  async publicSummary() {
    return presentPublicSummary(await totals.instanceTotals(this.db));
  }

  async allFilesSummary() {
    return presentAllFilesSummary(await totals.instanceTotals(this.db));
  }

  usersSummary() {
    return users.usersSummary(this.db);
  }

  async userWithTotals(userId: string) {
    const user = await users.findUserById(this.db, userId);
    if (!user) throw notFound(MESSAGES.userNotFound);
    return { user: presentUser(user), ...(await this.ownerTotals(userId)) };
  }

  /**
   * Logical = what users uploaded, physical = what is stored once. Thumbnails are reported on their own:
   * counting them in physical storage would make an instance without duplicates appear to lose space.
   */
  async storage(): Promise<StorageStats> {
    const [logical, physical, thumbs, totalUsers, shared, top, trashBytes] = await Promise.all([
      totals.instanceTotals(this.db),
      blobs.blobTotals(this.db),
      thumbnails.thumbnailTotals(this.db),
      users.countUsers(this.db),
      blobs.mostReferencedBlob(this.db),
      totals.topUploader(this.db),
      trash.trashBytes(this.db, null),
    ]);
    const sharedFile = shared ? await files.anyFileOfBlob(this.db, shared.hash) : undefined;
    return presentStorage({
      logical,
      physical,
      thumbnailBytes: thumbs.bytes,
      trashBytes,
      totalUsers,
      shared,
      sharedFile,
      top,
    });
  }
}
