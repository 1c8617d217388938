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
  /** The folder named exactly `name` in `parentId` (null: the top) of `ownerId`'s tree, one indexed lookup. */
  child(ownerId: string, parentId: string | null, name: string): Promise<DavFolderRow | undefined>;
  /** Every folder in `parentId` of `ownerId`'s tree, a page at a time. */
  children(ownerId: string, parentId: string | null): AsyncGenerator<DavFolderRow>;
  create(viewer: Viewer, parentId: string | null, name: string): Promise<DavFolderRow>;
  /** The folders with these ids, whoever's they are (folders shared with the viewer), in one read. */
  byIds(ids: string[]): Promise<DavFolderRow[]>;
  /** Removes the folder and everything in it, as the API's delete does. */
  remove(viewer: Viewer, id: string): Promise<void>;
  moveFolder(viewer: Viewer, id: string, parentId: string | null, name: string): Promise<void>;
}
