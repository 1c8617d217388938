import { MESSAGES } from '@cloudstash/contract';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Executor } from '../db/executor';
import { AppError } from '../errors';
import * as quotas from '../repositories/quotas';
import type { QuotaRow } from '../repositories/quotas';
import { inFlightOf } from '../repositories/resumable-uploads';
import { isoNow, type Clock } from './clock';

export const quotaExceeded = () => new AppError('PAYLOAD_TOO_LARGE', MESSAGES.quotaExceeded);

/**
 * Storage quotas: how many bytes of files (their logical size, whatever deduplication saves) an account may
 * hold. An administrator's setting for the account wins; otherwise DEFAULT_QUOTA_BYTES; null means no limit.
 * The bytes resumable uploads in flight declared are held for them: a new upload must fit beside them.
 */
export class Quotas {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'defaultQuotaBytes'>,
    private readonly clock: Clock,
  ) {}

  private effective(row: QuotaRow | undefined): number | null {
    return row?.quota_custom ? row.quota_bytes : this.config.defaultQuotaBytes;
  }

  async quotaOf(userId: string): Promise<number | null> {
    return this.effective(await quotas.findQuota(this.db, userId));
  }

  /** The account's quota and what its files use now. */
  async usageOf(userId: string): Promise<{ quotaBytes: number | null; usedBytes: number }> {
    const [quotaBytes, usedBytes] = await Promise.all([
      this.quotaOf(userId),
      quotas.usedBytes(this.db, userId),
    ]);
    return { quotaBytes, usedBytes };
  }

  /** Bytes the account may still add beside its files and its uploads in flight; null when it has no quota. */
  async remaining(userId: string): Promise<number | null> {
    const { quotaBytes, usedBytes } = await this.usageOf(userId);
    // Without a quota there is nothing to hold bytes against: no need to count them.
    if (quotaBytes === null) return null;
    const inFlight = await inFlightOf(this.db, userId, isoNow(this.clock));
    return Math.max(0, quotaBytes - usedBytes - inFlight.bytes);
  }

  /** Early refusal (before any byte is read): 413 when `bytes` more cannot fit. Not a promise of room. */
  async assertRoom(userId: string, bytes: number): Promise<void> {
    const remaining = await this.remaining(userId);
    if (remaining !== null && bytes > remaining) throw quotaExceeded();
  }

  /**
   * The binding check, inside the transaction that commits the file: the account's row stays locked until
   * that commit, so parallel uploads of one account are checked one after the other against committed usage.
   */
  async reserve(trx: Executor, userId: string, bytes: number): Promise<void> {
    await this.assertFits(trx, userId, await this.lock(trx, userId), bytes);
  }

  /**
   * Takes the account's row lock until the transaction ends and answers its quota: whatever the transaction
   * reads next (its uploads in flight, say) no other admission of the same account can change meanwhile.
   */
  async lock(trx: Executor, userId: string): Promise<number | null> {
    return this.effective(await quotas.lockQuota(trx, userId));
  }

  /** 413 when `bytes` more than the account's committed files would pass `quota` (null: no limit). */
  async assertFits(trx: Executor, userId: string, quota: number | null, bytes: number): Promise<void> {
    if (quota === null) return;
    if ((await quotas.usedBytes(trx, userId)) + bytes > quota) throw quotaExceeded();
  }

  async setQuota(userId: string, quotaBytes: number | null): Promise<void> {
    await quotas.setQuota(this.db, userId, quotaBytes);
  }
}
