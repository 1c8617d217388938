import crypto from 'node:crypto';
import type { DownloadHistory } from '@cloudstash/contract';
import type { Db } from '../db/connect';
import { inTransaction, type Executor } from '../db/executor';
import { hasDownloadMarkAfter, takeDownloadMark } from '../repositories/download-marks';
import * as history from '../repositories/downloads';
import { incrementDownloadCount } from '../repositories/files';
import { claimLinkDownload, claimLinkDownloads } from '../repositories/share-links';
import { isoNow, type Clock } from './clock';
import { requireFileAccess } from './access-policy';
import type { Viewer } from './sessions';

const DAY_MS = 86_400_000;
export const HISTORY_DAYS = 30;
/** Downloads older than this are kept as one row per day, file and link. */
export const ROLL_UP_AFTER_MS = 90 * DAY_MS;
/** One user's downloads of one file count once in this long. */
export const DOWNLOAD_COUNT_INTERVAL_MS = 60_000;

/** A history row (time, file, link; nothing about who) and the file's counter. */
async function record(trx: Executor, fileId: string, linkId: string | null, at: string): Promise<void> {
  await history.insertDownload(trx, { id: crypto.randomUUID(), at, file_id: fileId, link_id: linkId });
  await incrementDownloadCount(trx, fileId);
}

/**
 * The one place a download is counted, and the history it leaves. A download is counted through one of two
 * entry points: `countThroughLink` (a visitor's Download through a share link, bounded by the link's limit) and
 * `countSignedIn` (a signed-in user's download, at most once per user and file a minute).
 */
export class Downloads {
  constructor(
    private readonly db: Db,
    // The container's one clock (the maintenance sweep passes it too).
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one download through a share link. The link's limit is claimed first, in the same transaction as the
   * history row and the file's counter; when the claim fails (revoked, expired or used up meanwhile) nothing is
   * counted and the answer is false.
   */
  async countThroughLink(fileId: string, linkId: string): Promise<boolean> {
    const at = isoNow(this.clock);
    return inTransaction(this.db, async (trx) => {
      if (!(await claimLinkDownload(trx, linkId, at))) return false;
      await record(trx, fileId, linkId, at);
      return true;
    });
  }

  /**
   * Counts the files of a zip made through a folder link: the link's limit is claimed for all of them at once
   * (each file is one download), or for none when that would pass it.
   */
  async countManyThroughLink(fileIds: string[], linkId: string): Promise<boolean> {
    const at = isoNow(this.clock);
    return inTransaction(this.db, async (trx) => {
      if (!(await claimLinkDownloads(trx, linkId, fileIds.length, at))) return false;
      for (const fileId of fileIds) await record(trx, fileId, linkId, at);
      return true;
    });
  }

  /**
   * Counts a signed-in user's download once its bytes are delivered, at most once per user and file a minute,
   * so reloading or a script fetching in a loop cannot inflate the figure.
   */
  async countSignedIn(userId: string, fileId: string): Promise<boolean> {
    const markedAfter = isoNow(this.clock, -DOWNLOAD_COUNT_INTERVAL_MS);
    // Repeats within the interval are the common case (a reload, a client fetching the file again): a read
    // tells them apart without taking the database's one write lock. The upsert below still decides a race.
    if (await hasDownloadMarkAfter(this.db, userId, fileId, markedAfter)) return false;
    return (await this.countManySignedIn(userId, [fileId])) === 1;
  }

  /**
   * Counts a signed-in user's downloads of many files delivered together (the entries of a zip), by the same
   * once-a-minute rule, in one transaction: a zip of thousands of files costs one commit, not one per file.
   * How many were counted.
   */
  async countManySignedIn(userId: string, fileIds: string[]): Promise<number> {
    const now = this.clock.now();
    const at = new Date(now).toISOString();
    const markedAfter = new Date(now - DOWNLOAD_COUNT_INTERVAL_MS).toISOString();
    return inTransaction(this.db, async (trx) => {
      let counted = 0;
      for (const fileId of fileIds) {
        if (!(await takeDownloadMark(trx, userId, fileId, at, markedAfter))) continue;
        await record(trx, fileId, null, at);
        counted += 1;
      }
      return counted;
    });
  }

  /** The last 30 days by UTC day, oldest first, for whoever may see it (the policy's `seeDownloads`). */
  async history(viewer: Viewer, fileId: string): Promise<DownloadHistory> {
    await requireFileAccess(this.db, viewer, fileId, 'seeDownloads');
    const today = Math.floor(this.clock.now() / DAY_MS) * DAY_MS;
    const first = today - (HISTORY_DAYS - 1) * DAY_MS;
    const counts = new Map(
      (await history.downloadsByDay(this.db, fileId, new Date(first).toISOString())).map((d) => [
        d.date,
        d.count,
      ]),
    );
    const days = Array.from({ length: HISTORY_DAYS }, (_, i) => {
      const date = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
      return { date, count: counts.get(date) ?? 0 };
    });
    return { days, total: days.reduce((sum, d) => sum + d.count, 0) };
  }

  /** Rolls history older than 90 days up by day (called by the maintenance sweep). */
  rollUp(): Promise<number> {
    const before = isoNow(this.clock, -ROLL_UP_AFTER_MS);
    return history.rollUpDownloadsBefore(this.db, before);
  }
}
