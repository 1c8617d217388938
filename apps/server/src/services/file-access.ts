import { MESSAGES } from '@cloudstash/contract';
import type { Db } from '../db/connect';
import { AppError, notFound } from '../errors';
import { findFileWithOwner, type FileWithOwner } from '../repositories/files';
import type { Viewer } from './sessions';

export type FileAction = 'view' | 'update' | 'moderate' | 'delete';

/**
 * The one access rule for every route that takes a file id. Owners and admins see everything, anyone signed
 * in sees public files, and a file you may not see does not exist (404), so private files are never revealed.
 * Only the owner updates; the owner or an admin (moderation) changes visibility and deletes.
 */
export async function requireFileAccess(db: Db, viewer: Viewer, fileId: string, action: FileAction) {
  const file = await findFileWithOwner(db, fileId);
  if (!file) throw notFound();
  const owns = file.owner_id === viewer.id;
  const isAdmin = viewer.role === 'admin';
  if (!owns && !isAdmin && file.is_public !== 1) throw notFound();
  const allowed = action === 'view' || owns || ((action === 'delete' || action === 'moderate') && isAdmin);
  if (!allowed) throw new AppError('FORBIDDEN', MESSAGES.notYourFile);
  return file;
}

/** Owners and admins see the uploader's email; everyone else only the name. */
export function audienceFor(viewer: Viewer, file: FileWithOwner): 'public' | 'private' {
  return viewer.role === 'admin' || file.owner_id === viewer.id ? 'private' : 'public';
}
