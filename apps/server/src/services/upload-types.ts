import { uploadTypesModeSchema, type InstanceSettings, type UploadTypesMode } from '@cloudstash/contract';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { readSetting, writeSetting } from '../repositories/settings';
import { isoNow, type Clock } from './clock';

const UPLOAD_TYPES_KEY = 'allowed_upload_types';

/** The upload-types part of the instance settings. */
export type UploadTypesSettings = Pick<InstanceSettings, 'allowedUploadTypes' | 'allowedUploadTypesSource'>;

/**
 * Which files an upload may be: the spec's media types (`media`) or any file (`any`). ALLOWED_UPLOAD_TYPES sets
 * the mode; once an administrator sets it, the value in the database wins, on every process, from the next
 * request (an upload already past its type check is not refused afterwards).
 */
export class UploadTypes {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'allowedUploadTypes'>,
    private readonly clock: Clock,
  ) {}

  async settings(): Promise<UploadTypesSettings> {
    const stored = uploadTypesModeSchema.safeParse(await readSetting(this.db, UPLOAD_TYPES_KEY));
    return stored.success
      ? { allowedUploadTypes: stored.data, allowedUploadTypesSource: 'database' }
      : { allowedUploadTypes: this.config.allowedUploadTypes, allowedUploadTypesSource: 'environment' };
  }

  async mode(): Promise<UploadTypesMode> {
    return (await this.settings()).allowedUploadTypes;
  }

  async setMode(mode: UploadTypesMode): Promise<UploadTypesSettings> {
    await writeSetting(this.db, UPLOAD_TYPES_KEY, mode, isoNow(this.clock));
    return this.settings();
  }
}
