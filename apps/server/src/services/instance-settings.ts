import type { InstanceSettings, UpdateSettingsBody } from '@cloudstash/contract';
import type { Registration } from './accounts/registration';
import type { PeopleDirectory } from './sharing/people-directory';
import type { UploadTypes } from './upload-types';

/** The settings an administrator changes at run time (GET and PATCH /admin/settings), each kept by its own service. */
export class InstanceSettingsService {
  constructor(
    private readonly registration: Registration,
    private readonly uploadTypes: UploadTypes,
    private readonly people: PeopleDirectory,
  ) {}

  async read(): Promise<InstanceSettings> {
    return {
      ...(await this.registration.settings()),
      ...(await this.uploadTypes.settings()),
      peopleDirectory: await this.people.mode(),
    };
  }

  /** Stores the settings named in `changes`; the others keep their values. */
  async update(changes: UpdateSettingsBody): Promise<InstanceSettings> {
    if (changes.registration !== undefined) await this.registration.setMode(changes.registration);
    if (changes.allowedUploadTypes !== undefined) await this.uploadTypes.setMode(changes.allowedUploadTypes);
    if (changes.peopleDirectory !== undefined) await this.people.setMode(changes.peopleDirectory);
    return this.read();
  }
}
