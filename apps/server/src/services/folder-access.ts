import { FOLDER_MESSAGES } from '@cloudstash/contract';
import type { Executor } from '../db/executor';
import { notFound } from '../errors';
import { findFolder, type FolderRow } from '../repositories/folders';
import type { Viewer } from './sessions';

export type FolderAction = 'view' | 'write';

/** What a viewer may do with a folder: the rule alone. Owners do anything; admins see (moderation). */
export function folderDecision(
  viewer: Pick<Viewer, 'id' | 'role'>,
  folder: Pick<FolderRow, 'owner_id'>,
  action: FolderAction,
): 'allow' | 'not-found' {
  if (folder.owner_id === viewer.id) return 'allow';
  return action === 'view' && viewer.role === 'admin' ? 'allow' : 'not-found';
}

/** The one access rule for every route that takes a folder id: a folder you may not use does not exist (404). */
export async function requireFolderAccess(
  db: Executor,
  viewer: Viewer,
  id: string,
  action: FolderAction,
): Promise<FolderRow> {
  const folder = await findFolder(db, id);
  if (!folder || folderDecision(viewer, folder, action) !== 'allow') throw notFound(FOLDER_MESSAGES.notFound);
  return folder;
}
