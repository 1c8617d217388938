import { peopleDirectoryModeSchema, type PeopleDirectoryMode } from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import { readSetting, writeSetting } from '../../repositories/settings';
import { isoNow, type Clock } from '../clock';

const PEOPLE_DIRECTORY_KEY = 'people_directory';

/**
 * Whom the share dialog may find (Instance Settings): people connected to the one asking unless an
 * administrator opened the whole directory. Read from the database at each lookup, so every process follows a
 * change at once.
 */
export class PeopleDirectory {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async mode(): Promise<PeopleDirectoryMode> {
    const stored = peopleDirectoryModeSchema.safeParse(await readSetting(this.db, PEOPLE_DIRECTORY_KEY));
    return stored.success ? stored.data : 'connected';
  }

  async setMode(mode: PeopleDirectoryMode): Promise<void> {
    await writeSetting(this.db, PEOPLE_DIRECTORY_KEY, mode, isoNow(this.clock));
  }
}
