import { SHARED_SEARCH_LIMIT, type SharedSearch } from '@cloudstash/contract';
import type { Executor } from '../../db/executor';
import { searchSharedFiles, searchSharedFolders } from '../../repositories/shared-search';
import { sharedWith } from '../../repositories/shares';
import { audienceFor, fileItem, folderItem, permissionsFor } from '../access-policy';
import { pathsTo } from '../folder-paths';
import { presentFolder } from '../folders';
import { presentFile } from '../presenters';
import type { Viewer } from '../sessions';

/**
 * Folders and files anywhere in what others shared with the viewer whose name contains `text`, each with where
 * it lies as the viewer sees it: from the highest folder shared with them down, and nothing for an item shared
 * on its own or a shared folder itself (they are at the top of Shared with me).
 */
export async function searchSharedWith(db: Executor, viewer: Viewer, text: string): Promise<SharedSearch> {
  const [folderRows, fileRows, granted] = await Promise.all([
    searchSharedFolders(db, viewer.id, text, SHARED_SEARCH_LIMIT),
    searchSharedFiles(db, viewer.id, text, SHARED_SEARCH_LIMIT),
    sharedWith(db, viewer.id),
  ]);
  const tops = new Set(granted.map((row) => row.item_id));
  // A file shared on its own is at the top whatever folder of the owner's holds it.
  const placed = (id: string, folderId: string | null) => (tops.has(id) ? null : folderId);
  const paths = await pathsTo(
    db,
    [
      ...folderRows.map((row) => placed(row.id, row.parent_id)),
      ...fileRows.map((row) => placed(row.id, row.folder_id)),
    ].filter((id): id is string => id !== null),
    tops,
  );
  const permissions = await permissionsFor(db, viewer, [
    ...folderRows.map(folderItem),
    ...fileRows.map(fileItem),
  ]);
  return {
    folders: folderRows.map((row) => {
      const parent = placed(row.id, row.parent_id);
      return {
        ...presentFolder(row),
        path: parent ? (paths.get(parent) ?? []) : [],
        permissions: permissions.get(row.id)!,
      };
    }),
    files: fileRows.map((row) => {
      const folder = placed(row.id, row.folder_id);
      return {
        ...presentFile(row, audienceFor(viewer, row)),
        ...(folder && { folderPath: paths.get(folder) ?? [] }),
        permissions: permissions.get(row.id)!,
      };
    }),
  };
}
