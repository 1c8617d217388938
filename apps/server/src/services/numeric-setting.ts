import type { Db } from '../db/connect';
import type { Executor } from '../db/executor';
import { readSetting, writeSetting } from '../repositories/settings';
import { isoNow, type Clock } from './clock';

/**
 * A whole-number instance setting that an environment variable sets and an administrator may override: once
 * set in the database, that value wins on every process from its next read.
 */
export class NumericSetting {
  constructor(
    private readonly db: Db,
    private readonly key: string,
    private readonly fromEnvironment: number,
    private readonly max: number,
    private readonly clock: Clock,
  ) {}

  /** `db` is the open transaction when there is one (SQLite has one connection: no second query may wait on it). */
  async read(db: Executor = this.db): Promise<{ value: number; source: 'database' | 'environment' }> {
    const stored = Number(await readSetting(db, this.key));
    return Number.isInteger(stored) && stored >= 0 && stored <= this.max
      ? { value: stored, source: 'database' }
      : { value: this.fromEnvironment, source: 'environment' };
  }

  async write(value: number): Promise<void> {
    await writeSetting(this.db, this.key, String(value), isoNow(this.clock));
  }
}
