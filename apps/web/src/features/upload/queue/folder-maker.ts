import { ApiError } from '../../../api/api-client';
import { createFolder, findChildFolder } from '../../../api/folders';

/**
 * Recreates dropped folders on the server, each once however many files sit in it: the first file of a folder
 * asks for it and every later one waits on the same answer. A folder that already exists under that name (a
 * second drop of the same folder) is used as it is, so its files join it.
 */
export class FolderMaker {
  private readonly made = new Map<string, Promise<string | null>>();

  /** The id of the folder `names` below `baseId` (null = the top), made along the way where missing. */
  ensure(baseId: string | null, names: readonly string[]): Promise<string | null> {
    if (names.length === 0) return Promise.resolve(baseId);
    const key = JSON.stringify([baseId, ...names]);
    let found = this.made.get(key);
    if (!found) {
      found = this.ensure(baseId, names.slice(0, -1)).then((parentId) =>
        makeOrFind(names[names.length - 1] as string, parentId),
      );
      // A failure is not remembered: a retry asks again.
      found.catch(() => this.made.delete(key));
      this.made.set(key, found);
    }
    return found;
  }
}

async function makeOrFind(name: string, parentId: string | null): Promise<string> {
  try {
    return (await createFolder({ name, parentId })).data._id;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const existing = await findChildFolder(parentId, name);
    if (!existing) throw error;
    return existing._id;
  }
}
