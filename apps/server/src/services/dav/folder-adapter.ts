import type { Viewer } from '../sessions';
import type { DavFolderRow, DavFolders } from './folders';

/** Until the folder tree exists, the account's top level is the only folder. */
export class FolderAdapter implements DavFolders {
  async child(): Promise<DavFolderRow | undefined> {
    return undefined;
  }
  async *children(): AsyncGenerator<DavFolderRow> {}
  async create(_viewer: Viewer): Promise<DavFolderRow> {
    throw new Error('folders are not available yet');
  }
  async remove(): Promise<void> {}
  async moveFolder(): Promise<void> {}
}
