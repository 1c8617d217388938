import { MAX_VERSIONS_KEEP, type VersionSettings as VersionSettingsData } from '@cloudstash/contract';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Executor } from '../db/executor';
import { readSetting, writeSetting } from '../repositories/settings';
import { isoNow, type Clock } from './clock';

const VERSIONS_KEEP_KEY = 'versions_keep';

/**
 * How many earlier versions each file keeps. VERSIONS_KEEP sets it; once an administrator sets it, the value in
 * the database wins, on every process, from the next replacement.
 */
export class VersionSettings {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'versionsKeep'>,
    private readonly clock: Clock,
  ) {}

  /** `db` is the open transaction when there is one (SQLite has one connection: no second query may wait on it). */
  async settings(db: Executor = this.db): Promise<VersionSettingsData> {
    const stored = Number(await readSetting(db, VERSIONS_KEEP_KEY));
    return Number.isInteger(stored) && stored >= 0 && stored <= MAX_VERSIONS_KEEP
      ? { versionsKeep: stored, versionsKeepSource: 'database' }
      : { versionsKeep: this.config.versionsKeep, versionsKeepSource: 'environment' };
  }

  async keep(db: Executor = this.db): Promise<number> {
    return (await this.settings(db)).versionsKeep;
  }

  async setKeep(versionsKeep: number): Promise<VersionSettingsData> {
    await writeSetting(this.db, VERSIONS_KEEP_KEY, String(versionsKeep), isoNow(this.clock));
    return this.settings();
  }
}
