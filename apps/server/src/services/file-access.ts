import { MESSAGES } from '@cloudstash/contract';
import type { Db } from '../db/connect';
import { AppError, notFound } from '../errors';
import { findFileContent, findFileWithOwner, type FileWithOwner } from '../repositories/files';
import type { Viewer } from './sessions';

/** `own`: what only the owner may even know of (a file's earlier versions); anyone else is told 404. */
export type FileAction = 'view' | 'update' | 'moderate' | 'delete' | 'own';

/** What a viewer may do with a file: the rule alone, with no database, so it can be checked on its own. */
export function accessDecision(
  viewer: Pick<Viewer, 'id' | 'role'>,
  file: { owner_id: string; is_public: number },
  action: FileAction,
): 'allow' | 'not-found' | 'forbidden' {
  const owns = file.owner_id === viewer.id;
  if (action === 'own') return owns ? 'allow' : 'not-found';
  const isAdmin = viewer.role === 'admin';
  if (!owns && !isAdmin && file.is_public !== 1) return 'not-found';
  const moderates = (action === 'delete' || action === 'moderate') && isAdmin;
  return action === 'view' || owns || moderates ? 'allow' : 'forbidden';
}

/**
 * The one access rule for every route that takes a file id. Owners and admins see everything, anyone signed
 * in sees public files, and a file you may not see does not exist (404), so private files are never revealed.
 * Only the owner updates; the owner or an admin (moderation) changes visibility and deletes.
 */
export async function requireFileAccess(db: Db, viewer: Viewer, fileId: string, action: FileAction) {
  return allowed(viewer, await findFileWithOwner(db, fileId), action);
}

/** The same rule for reading a file's bytes, with only what serving them needs. */
export async function requireContentAccess(db: Db, viewer: Viewer, fileId: string) {
  return allowed(viewer, await findFileContent(db, fileId), 'view');
}

function allowed<F extends { owner_id: string; is_public: number }>(
  viewer: Viewer,
  file: F | undefined,
  action: FileAction,
): F {
  if (!file) throw notFound();
  const decision = accessDecision(viewer, file, action);
  if (decision === 'not-found') throw notFound();
  if (decision === 'forbidden') throw new AppError('FORBIDDEN', MESSAGES.notYourFile);
  return file;
}

/** Owners and admins see the uploader's email; everyone else only the name. */
export function audienceFor(viewer: Viewer, file: FileWithOwner): 'public' | 'private' {
  return viewer.role === 'admin' || file.owner_id === viewer.id ? 'private' : 'public';
}
