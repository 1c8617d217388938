import type { Viewer } from '../sessions';

/** A folder as the WebDAV tree reads it. */
export interface DavFolderRow {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

/** What the WebDAV tree needs of folders; services/dav/folder-adapter.ts answers it with the Folders service. */
export interface DavFolders {
  /** The folder named exactly `name` in `parentId` (null: the top), one indexed lookup. */
  child(viewer: Viewer, parentId: string | null, name: string): Promise<DavFolderRow | undefined>;
  /** Every folder in `parentId`, a page at a time. */
  children(viewer: Viewer, parentId: string | null): AsyncGenerator<DavFolderRow>;
  create(viewer: Viewer, parentId: string | null, name: string): Promise<DavFolderRow>;
  /** Removes the folder and everything in it, as the API's delete does. */
  remove(viewer: Viewer, id: string): Promise<void>;
  moveFolder(viewer: Viewer, id: string, parentId: string | null, name: string): Promise<void>;
}
