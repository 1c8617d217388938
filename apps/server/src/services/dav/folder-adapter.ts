import { DAV_MESSAGES } from '@cloudstash/contract';
import type { Viewer } from '../sessions';
import { DavError } from './errors';
import type { DavFolderRow, DavFolders } from './folders';

/** Until the folder tree exists, the account's top level is the only folder: making another is refused. */
export class FolderAdapter implements DavFolders {
  async child(): Promise<DavFolderRow | undefined> {
    return undefined;
  }
  async *children(): AsyncGenerator<DavFolderRow> {}
  async create(_viewer: Viewer): Promise<DavFolderRow> {
    throw new DavError(403, DAV_MESSAGES.noFolders);
  }
  async remove(): Promise<void> {
    throw new DavError(403, DAV_MESSAGES.noFolders);
  }
  async moveFolder(): Promise<void> {
    throw new DavError(403, DAV_MESSAGES.noFolders);
  }
}
