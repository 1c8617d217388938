import * as folders from '../../repositories/folders';
import type { Db } from '../../db/connect';
import type { Folders } from '../folders';
import type { Viewer } from '../sessions';
import type { DavFolderRow, DavFolders } from './folders';

const PAGE = 500;

/**
 * The WebDAV tree's folders, through the Folders service for every change (the same rules and the same
 * recursive delete as the API) and its repository for the lookups by name a path needs.
 */
export class FolderAdapter implements DavFolders {
  constructor(
    private readonly db: Db,
    private readonly service: Folders,
  ) {}

  /** The folder named exactly `name` (folder names are unique ignoring case; a path names one exactly). */
  async child(ownerId: string, parentId: string | null, name: string): Promise<DavFolderRow | undefined> {
    const row = await folders.findChildFolder(this.db, ownerId, parentId, name);
    return row && row.name === name ? row : undefined;
  }

  async *children(ownerId: string, parentId: string | null): AsyncGenerator<DavFolderRow> {
    let cursor: string | undefined;
    do {
      const page = await folders.listChildFolders(this.db, ownerId, parentId, { limit: PAGE, cursor });
      yield* page.items;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  async create(viewer: Viewer, parentId: string | null, name: string): Promise<DavFolderRow> {
    const created = await this.service.create(viewer, { name, parentId });
    return {
      id: created._id,
      name: created.name,
      created_at: created.createdAt,
      updated_at: created.updatedAt,
    };
  }

  byIds(ids: string[]): Promise<DavFolderRow[]> {
    return folders.findFolders(this.db, ids);
  }

  remove(viewer: Viewer, id: string): Promise<void> {
    return this.service.remove(viewer, id);
  }

  async moveFolder(viewer: Viewer, id: string, parentId: string | null, name: string): Promise<void> {
    await this.service.update(viewer, id, { name, parentId });
  }
}
