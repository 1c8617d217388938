import {
  FOLDER_MAX_DEPTH,
  FOLDER_MESSAGES,
  MESSAGES,
  type ItemAccess,
  type ShareRole,
} from '@cloudstash/contract';
import type { Executor } from '../db/executor';
import { AppError, notFound } from '../errors';
import { findFileContent, findFileWithOwner, type FileWithOwner } from '../repositories/files';
import { findFolder, folderAndAncestors, type FolderRow } from '../repositories/folders';
import { grantsOn } from '../repositories/shares';
import type { Viewer } from './sessions';

/**
 * What someone asks to do with a file or a folder:
 * - `view`: see it, list it, preview, download and zip it;
 * - `write`: put files and folders into a folder, rename an item, give a file new bytes;
 * - `move` and `delete`: take the item out of where it lies;
 * - `moderate`: make a file public or private;
 * - `share`: give it to someone else, or make a link to it;
 * - `own`: what only the owner may even know of (a file's earlier versions).
 */
export type Action = 'view' | 'write' | 'move' | 'delete' | 'moderate' | 'share' | 'own';

/** A share that reaches the viewer, and whether it was given on the item itself (rather than a folder above). */
export interface Grant {
  role: ShareRole;
  reshare: boolean;
  onItem: boolean;
}

export interface Item {
  kind: 'file' | 'folder';
  owner_id: string;
  /** Files only: 1 when anyone signed in may see it. */
  is_public?: number;
}

/**
 * The rule alone, with no database, so it can be checked on its own. The owner does anything. An administrator
 * sees everything, deletes and publishes files (moderation), and changes nothing else of anyone's. A share, on
 * the item or on any folder above it, lets a viewer see it and an editor also write into it, rename it, and move
 * or delete what lies inside what was shared (never the shared item itself, which stays where its owner put it).
 * Sharing further and publishing need the owner's leave (`reshare`). A public file is seen by anyone signed in.
 * What the viewer may not even see does not exist (404); what they see but may not change is forbidden (403).
 */
export function decide(
  viewer: Pick<Viewer, 'id' | 'role'>,
  item: Item,
  grants: readonly Grant[],
  action: Action,
): 'allow' | 'not-found' | 'forbidden' {
  if (item.owner_id === viewer.id) return 'allow';
  if (action === 'own') return 'not-found';
  const isAdmin = viewer.role === 'admin';
  const sees = isAdmin || grants.length > 0 || (item.kind === 'file' && item.is_public === 1);
  if (!sees) return 'not-found';
  const editor = grants.some((g) => g.role === 'editor');
  const editsAround = grants.some((g) => g.role === 'editor' && !g.onItem);
  const reshares = grants.some((g) => g.reshare);
  const allowed: Record<Exclude<Action, 'own'>, boolean> = {
    view: true,
    write: editor,
    move: editsAround,
    delete: editsAround || (isAdmin && item.kind === 'file'),
    moderate: (isAdmin && item.kind === 'file') || (editor && reshares),
    share: reshares,
  };
  return allowed[action] ? 'allow' : 'forbidden';
}

/** What the viewer's access amounts to, for a page to show the right actions. */
export function accessOf(
  viewer: Pick<Viewer, 'id' | 'role'>,
  item: Item,
  grants: readonly Grant[],
): ItemAccess {
  if (item.owner_id === viewer.id) return 'owner';
  if (grants.some((g) => g.role === 'editor')) return 'editor';
  if (grants.length > 0) return 'viewer';
  return 'admin';
}

/** The shares reaching the viewer on the item and on each folder above it (none are read for the owner). */
export async function grantsFor(
  db: Executor,
  viewer: Pick<Viewer, 'id'>,
  item: { kind: 'file' | 'folder'; id: string; owner_id: string; folderId: string | null },
): Promise<Grant[]> {
  if (item.owner_id === viewer.id) return [];
  const chain = item.folderId ? await folderAndAncestors(db, item.folderId, FOLDER_MAX_DEPTH) : [];
  const ids = [...(item.kind === 'file' ? [item.id] : []), ...chain.map((f) => f.id)];
  if (ids.length === 0) return [];
  return (await grantsOn(db, viewer.id, ids)).map((row) => ({
    role: row.role,
    reshare: row.reshare === 1,
    onItem: row.item_id === item.id,
  }));
}

const fileGrants = (
  db: Executor,
  viewer: Viewer,
  file: { id: string; owner_id: string; folder_id: string | null },
) => grantsFor(db, viewer, { kind: 'file', id: file.id, owner_id: file.owner_id, folderId: file.folder_id });

export const folderGrants = (db: Executor, viewer: Pick<Viewer, 'id'>, folder: FolderRow) =>
  grantsFor(db, viewer, { kind: 'folder', id: folder.id, owner_id: folder.owner_id, folderId: folder.id });

/**
 * The one access rule for every route that takes a file id: the file, if the viewer may do `action` with it.
 * A file the viewer may not see answers 404, so private files are never revealed; one seen but not theirs to
 * change answers 403.
 */
export async function requireFileAccess(db: Executor, viewer: Viewer, fileId: string, action: Action) {
  return allowedFile(db, viewer, await findFileWithOwner(db, fileId), action);
}

/** The same rule for reading a file's bytes, with only what serving them needs. */
export async function requireContentAccess(db: Executor, viewer: Viewer, fileId: string) {
  return allowedFile(db, viewer, await findFileContent(db, fileId), 'view');
}

async function allowedFile<
  F extends { id: string; owner_id: string; is_public: number; folder_id: string | null },
>(db: Executor, viewer: Viewer, file: F | undefined, action: Action): Promise<F> {
  if (!file) throw notFound();
  const grants = await grantsNeeded(viewer, file.owner_id, action, () => fileGrants(db, viewer, file));
  const decision = decide(viewer, { kind: 'file', ...file }, grants, action);
  if (decision === 'not-found') throw notFound();
  if (decision === 'forbidden') throw new AppError('FORBIDDEN', MESSAGES.notYourFile);
  return file;
}

/** The one access rule for every route that takes a folder id: a folder the viewer may not use does not exist. */
export async function requireFolderAccess(
  db: Executor,
  viewer: Viewer,
  id: string,
  action: Action,
): Promise<FolderRow> {
  return (await folderWithAccess(db, viewer, id, action)).folder;
}

/** The folder, the shares that let the viewer use it, and what they amount to. */
export async function folderWithAccess(db: Executor, viewer: Viewer, id: string, action: Action) {
  const folder = await findFolder(db, id);
  if (!folder) throw notFound(FOLDER_MESSAGES.notFound);
  const grants = await grantsNeeded(viewer, folder.owner_id, action, () => folderGrants(db, viewer, folder));
  // A folder seen but not the viewer's to change is still 404: its routes never told apart the two.
  if (decide(viewer, { kind: 'folder', owner_id: folder.owner_id }, grants, action) !== 'allow')
    throw notFound(FOLDER_MESSAGES.notFound);
  return { folder, grants, access: accessOf(viewer, { kind: 'folder', owner_id: folder.owner_id }, grants) };
}

/** Shares are read only when they could change the answer: never for the owner, nor for an admin's look. */
async function grantsNeeded(
  viewer: Viewer,
  ownerId: string,
  action: Action,
  read: () => Promise<Grant[]>,
): Promise<Grant[]> {
  if (ownerId === viewer.id) return [];
  if (viewer.role === 'admin' && action === 'view') return [];
  return read();
}

/**
 * Whether the viewer may see each of many files (a zip's selection): the owner's, public ones and an admin's
 * need no read; for the rest, one read finds the shares on the files themselves, and one more the shares on
 * the folders above those that are not shared directly (each folder's chain read once).
 */
export async function viewableFiles<
  F extends { id: string; owner_id: string; is_public: number; folder_id: string | null },
>(db: Executor, viewer: Viewer, files: F[]): Promise<boolean> {
  if (viewer.role === 'admin') return true;
  const others = files.filter((file) => file.owner_id !== viewer.id && file.is_public !== 1);
  if (others.length === 0) return true;
  const sharedFiles = await sharedAmong(
    db,
    viewer,
    others.map((file) => file.id),
  );
  const rest = others.filter((file) => !sharedFiles.has(file.id));
  if (rest.length === 0) return true;
  if (rest.some((file) => file.folder_id === null)) return false;
  const chains = new Map<string, string[]>();
  for (const folderId of new Set(rest.map((file) => file.folder_id!))) {
    chains.set(
      folderId,
      (await folderAndAncestors(db, folderId, FOLDER_MAX_DEPTH)).map((f) => f.id),
    );
  }
  const sharedFolders = await sharedAmong(db, viewer, [...new Set([...chains.values()].flat())]);
  return [...chains.values()].every((chain) => chain.some((id) => sharedFolders.has(id)));
}

/** Which of these items a share reaches the viewer on. */
async function sharedAmong(db: Executor, viewer: Viewer, itemIds: string[]): Promise<Set<string>> {
  return new Set((await grantsOn(db, viewer.id, itemIds)).map((grant) => grant.item_id));
}

/** Owners and admins see the uploader's email; everyone else only the name. */
export function audienceFor(viewer: Viewer, file: FileWithOwner): 'public' | 'private' {
  return viewer.role === 'admin' || file.owner_id === viewer.id ? 'private' : 'public';
}
