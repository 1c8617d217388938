import { MAX_VERSIONS_KEEP, type VersionSettings as VersionSettingsData } from '@cloudstash/contract';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Executor } from '../db/executor';
import type { Clock } from './clock';
import { NumericSetting } from './numeric-setting';

/** How many earlier versions each file keeps: VERSIONS_KEEP, or what an administrator set. */
export class VersionSettings {
  private readonly setting: NumericSetting;

  constructor(db: Db, config: Pick<Config, 'versionsKeep'>, clock: Clock) {
    this.setting = new NumericSetting(db, 'versions_keep', config.versionsKeep, MAX_VERSIONS_KEEP, clock);
  }

  async settings(db?: Executor): Promise<VersionSettingsData> {
    const { value, source } = await this.setting.read(db);
    return { versionsKeep: value, versionsKeepSource: source };
  }

  async keep(db?: Executor): Promise<number> {
    return (await this.setting.read(db)).value;
  }

  async setKeep(versionsKeep: number): Promise<VersionSettingsData> {
    await this.setting.write(versionsKeep);
    return this.settings();
  }
}
