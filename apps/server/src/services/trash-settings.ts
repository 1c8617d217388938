import { MAX_TRASH_RETENTION_DAYS, type TrashSettings as TrashSettingsData } from '@cloudstash/contract';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Executor } from '../db/executor';
import type { Clock } from './clock';
import { NumericSetting } from './numeric-setting';

/** How many days a deleted item stays in its owner's trash (0: a delete is final): TRASH_RETENTION_DAYS, or what an administrator set. */
export class TrashSettings {
  private readonly setting: NumericSetting;

  constructor(db: Db, config: Pick<Config, 'trashRetentionDays'>, clock: Clock) {
    this.setting = new NumericSetting(
      db,
      'trash_retention_days',
      config.trashRetentionDays,
      MAX_TRASH_RETENTION_DAYS,
      clock,
    );
  }

  async settings(db?: Executor): Promise<TrashSettingsData> {
    const { value, source } = await this.setting.read(db);
    return { trashRetentionDays: value, trashRetentionDaysSource: source };
  }

  async days(db?: Executor): Promise<number> {
    return (await this.setting.read(db)).value;
  }

  async setDays(trashRetentionDays: number): Promise<TrashSettingsData> {
    await this.setting.write(trashRetentionDays);
    return this.settings();
  }
}
