import {
  FOLDER_MAX_DEPTH,
  FOLDER_MESSAGES,
  MESSAGES,
  type ItemAccess,
  type ItemPermissions,
  type ShareRole,
} from '@cloudstash/contract';
import type { Executor } from '../db/executor';
import { AppError, notFound } from '../errors';
import { findFileContent, findFileWithOwner, type FileWithOwner } from '../repositories/files';
import { ancestorIdsOfMany, findFolder, folderAndAncestors, type FolderRow } from '../repositories/folders';
import { grantsOn } from '../repositories/shares';
import type { Viewer } from './sessions';

/**
 * What someone asks to do with a file or a folder:
 * - `view`: see it, list it, preview, download and zip it;
 * - `write`: put files and folders into a folder, rename an item, give a file new bytes;
 * - `move` and `delete`: take the item out of where it lies;
 * - `moderate`: make a file public or private;
 * - `share`: give it to someone else, or make a link to it;
 * - `own`: what only the owner may even know of (a file's earlier versions);
 * - `manageLinks`: list and revoke the share links, folder links and upload links made to it;
 * - `seeDownloads`: read a file's download history.
 */
export type Action =
  'view' | 'write' | 'move' | 'delete' | 'moderate' | 'share' | 'own' | 'manageLinks' | 'seeDownloads';

/** Every action, in the order an item's `permissions` lists them. */
export const ACTIONS: readonly Action[] = [
  'view',
  'write',
  'move',
  'delete',
  'moderate',
  'share',
  'own',
  'manageLinks',
  'seeDownloads',
];

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

/** A signed-in account asking (what a session or a token stands for). */
export type Account = Pick<Viewer, 'id' | 'role'>;

/**
 * A visitor holding a link's token, with what the token grants: a share link one file, a folder link a folder
 * and everything below it (both to see and download), an upload link the putting of files into its folder.
 * The link is already known to be active and unlocked; the policy decides what it reaches.
 */
export interface LinkHolder {
  kind: 'link';
  link: {
    kind: 'file' | 'folder' | 'request';
    owner_id: string;
    file_id: string | null;
    folder_id: string | null;
  };
}

/** An item as a link holder's request names it, and whether it lies in (or is) a given folder. */
export interface LinkedItem extends Item {
  id: string;
  liesIn: (folderId: string) => boolean;
}

/** An item whose folder chain (its own folder, or itself, and every folder above) is known. */
export const chainedItem = (item: Item & { id: string }, chain: readonly { id: string }[]): LinkedItem => {
  const ids = new Set(chain.map((f) => f.id));
  return { ...item, liesIn: (folderId) => ids.has(folderId) };
};

/**
 * The rule alone, with no database, so it can be checked on its own. The owner does anything. An administrator
 * sees everything, deletes and publishes files (moderation), and changes nothing else of anyone's. A share, on
 * the item or on any folder above it, lets a viewer see it and an editor also write into it, rename it, and move
 * or delete what lies inside what was shared (never the shared item itself, which stays where its owner put it).
 * Sharing further and publishing need the owner's leave (`reshare`). A public file is seen by anyone signed in.
 * What the viewer may not even see does not exist (404); what they see but may not change is forbidden (403).
 */
export function decide(viewer: Account, item: Item, grants: readonly Grant[], action: Action): Decision {
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
    // Whoever may make a link to an item may also see and end the links on it (a resharer could otherwise make
    // links they can never revoke), and an administrator revokes any link, as moderation: one rule for a
    // file's links and a folder's.
    manageLinks: reshares || isAdmin,
    // How often a file is fetched is the owner's business, and an administrator's.
    seeDownloads: isAdmin,
  };
  return allowed[action] ? 'allow' : 'forbidden';
}

export type Decision = 'allow' | 'not-found' | 'forbidden';

/**
 * The rule for a link holder: a share link reaches its one file, a folder link its folder and what lies below
 * it, in the owner's tree, to see and to download; an upload link reaches only the putting of files into its
 * folder. Everything else does not exist for the visitor (never "forbidden": a visitor learns nothing of what
 * lies outside).
 */
export function decideForLink(holder: LinkHolder, item: LinkedItem, action: Action): Decision {
  const { link } = holder;
  if (item.owner_id !== link.owner_id) return 'not-found';
  const reaches =
    link.kind === 'file'
      ? item.kind === 'file' && item.id === link.file_id
      : link.folder_id !== null && item.liesIn(link.folder_id);
  if (!reaches) return 'not-found';
  if (link.kind === 'request')
    return action === 'write' && item.kind === 'folder' && item.id === link.folder_id ? 'allow' : 'not-found';
  return action === 'view' ? 'allow' : 'not-found';
}

/** The policy's whole answer for one item, every action at once: what an answer carries as `permissions`. */
export function permissionsOf(viewer: Account, item: Item, grants: readonly Grant[]): ItemPermissions {
  return Object.fromEntries(
    ACTIONS.map((action) => [action, decide(viewer, item, grants, action) === 'allow']),
  ) as unknown as ItemPermissions;
}

/** The same for a link holder: a share or folder link sees and downloads, an upload link only puts files in. */
export function linkPermissionsOf(holder: LinkHolder, item: LinkedItem): ItemPermissions {
  return Object.fromEntries(
    ACTIONS.map((action) => [action, decideForLink(holder, item, action) === 'allow']),
  ) as unknown as ItemPermissions;
}

/**
 * Whether the viewer may use a WebDAV lock: submit its token to write under it, refresh it or end it. A lock is
 * its taker's alone (lockdiscovery shows its token to everyone who sees the item, so the token is no secret);
 * the item's owner waits for it to end like anyone else.
 */
export function decideLockUse(viewer: Pick<Account, 'id'>, lock: { owner_id: string }): Decision {
  return lock.owner_id === viewer.id ? 'allow' : 'forbidden';
}

/**
 * Whether the viewer may change or end a share: its item's owner and an administrator manage every share on
 * it; anyone else only the shares they made themselves, and only while they may still share the item. Any
 * other share does not exist for them.
 */
export function decideShare(
  viewer: Account,
  item: Item,
  grants: readonly Grant[],
  share: { created_by: string },
): Decision {
  if (item.owner_id === viewer.id || viewer.role === 'admin') return 'allow';
  if (share.created_by !== viewer.id) return 'not-found';
  return decide(viewer, item, grants, 'share') === 'allow' ? 'allow' : 'not-found';
}

/** A person leaves a share given to them by name (a group's share is left by leaving the group). */
export const isGranteeOf = (viewer: Account, share: { grantee_kind: string; grantee_id: string }) =>
  share.grantee_kind === 'user' && share.grantee_id === viewer.id;

/** Whether the viewer owns the item: the owner's own items need no shares read. */
export const owns = (viewer: Account, item: { owner_id: string }) => item.owner_id === viewer.id;

/** Items move and restore only within one owner's tree. */
export const sameTree = (a: { owner_id: string }, b: { owner_id: string }) => a.owner_id === b.owner_id;

/**
 * The top of a tree is its owner's alone: only the owner puts a file or a folder there (someone sharing a
 * folder reaches nothing above it).
 */
export const mayUseTop = (viewer: Account, ownerId: string) => ownerId === viewer.id;

/**
 * Someone sharing further gives no more than they were given: the owner (and an administrator) any role, anyone else at most
 * their best role on the item.
 */
export function mayGrantRole(
  viewer: Account,
  item: Item,
  grants: readonly Grant[],
  role: ShareRole,
  rank: Record<ShareRole, number>,
): boolean {
  // An administrator changing a share (moderation) may set it to any role.
  if (item.owner_id === viewer.id || viewer.role === 'admin') return true;
  return rank[role] <= Math.max(-1, ...grants.map((g) => rank[g.role]));
}

/** Whether the person named would be sharing with the item's owner or with themselves. */
export const alreadyHolds = (viewer: Account, item: { owner_id: string }, personId: string) =>
  personId === item.owner_id || personId === viewer.id;

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

/**
 * The one access rule for every route that takes a folder id: a folder the viewer may not see does not exist
 * (404); one they see but may not do `action` with answers 403.
 */
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
  // A folder the viewer cannot see does not exist; one they see but may not change says so (403), as a file
  // does, so a viewer writing into a share (over WebDAV, say) is told why rather than that it is gone.
  const decision = decide(viewer, { kind: 'folder', owner_id: folder.owner_id }, grants, action);
  if (decision === 'not-found') throw notFound(FOLDER_MESSAGES.notFound);
  if (decision === 'forbidden') throw new AppError('FORBIDDEN', FOLDER_MESSAGES.viewOnly);
  return { folder, grants, access: accessOf(viewer, { kind: 'folder', owner_id: folder.owner_id }, grants) };
}

/**
 * Whether the viewer may see and revoke a link: `manageLinks` on what it links to (a share link's file, a
 * folder link's or an upload link's folder). A link whose item is gone (in the trash) is still its owner's
 * and an administrator's to end.
 */
export async function mayManageLink(
  db: Executor,
  viewer: Viewer,
  link: {
    kind: 'file' | 'folder' | 'request';
    owner_id: string;
    file_id: string | null;
    folder_id: string | null;
  },
): Promise<boolean> {
  const file = link.kind === 'file' && link.file_id ? await findFileWithOwner(db, link.file_id) : undefined;
  const folder = link.kind !== 'file' && link.folder_id ? await findFolder(db, link.folder_id) : undefined;
  const item: Item = file
    ? { kind: 'file', owner_id: file.owner_id, is_public: file.is_public }
    : { kind: link.kind === 'file' ? 'file' : 'folder', owner_id: link.owner_id };
  const grants = file
    ? await grantsNeeded(viewer, file.owner_id, 'manageLinks', () => fileGrants(db, viewer, file))
    : folder
      ? await grantsNeeded(viewer, folder.owner_id, 'manageLinks', () => folderGrants(db, viewer, folder))
      : [];
  return decide(viewer, item, grants, 'manageLinks') === 'allow';
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
export function audienceFor(viewer: Account, file: Pick<FileWithOwner, 'owner_id'>): 'public' | 'private' {
  return viewer.role === 'admin' || file.owner_id === viewer.id ? 'private' : 'public';
}

/** Whether a list may search by the uploader's email: the caller's own files, or any list of an administrator. */
export const searchesEmail = (viewer: Account, ownerIds: 'everyone' | string) =>
  viewer.role === 'admin' || ownerIds === viewer.id;

/** An item of an answer, as the policy needs it to say what the viewer may do with it. */
export interface AnsweredItem extends Item {
  id: string;
  /** A file's folder (null at the top); a folder's own id. */
  folderId: string | null;
}

export const fileItem = (file: {
  id: string;
  owner_id: string;
  is_public: number;
  folder_id: string | null;
}): AnsweredItem => ({
  kind: 'file',
  id: file.id,
  owner_id: file.owner_id,
  is_public: file.is_public,
  folderId: file.folder_id,
});

export const folderItem = (folder: { id: string; owner_id: string }): AnsweredItem => ({
  kind: 'folder',
  id: folder.id,
  owner_id: folder.owner_id,
  folderId: folder.id,
});

/**
 * What the viewer may do with each item of one answer (a page of a list, one file, one folder), by id. The
 * owner's own items need no read; for the rest, one query walks up from every folder involved at once and one
 * more reads the shares reaching the viewer on all of those folders and the items themselves, however long
 * the list.
 */
export async function permissionsFor(
  db: Executor,
  viewer: Account,
  items: readonly AnsweredItem[],
): Promise<Map<string, ItemPermissions>> {
  const answer = new Map<string, ItemPermissions>();
  const others = items.filter((item) => item.owner_id !== viewer.id);
  const starts = [...new Set(others.flatMap((item) => (item.folderId ? [item.folderId] : [])))];
  const chains = new Map<string, string[]>();
  for (const row of starts.length ? await ancestorIdsOfMany(db, starts, FOLDER_MAX_DEPTH) : []) {
    chains.set(row.start_id, [...(chains.get(row.start_id) ?? []), row.id]);
  }
  const ids = [...new Set([...others.map((item) => item.id), ...[...chains.values()].flat()])];
  const shares = ids.length ? await grantsOn(db, viewer.id, ids) : [];
  for (const item of items) {
    const reach = new Set([
      ...(item.kind === 'file' ? [item.id] : []),
      ...(item.folderId ? (chains.get(item.folderId) ?? []) : []),
    ]);
    const grants =
      item.owner_id === viewer.id
        ? []
        : shares
            .filter((share) => reach.has(share.item_id))
            .map((share) => ({
              role: share.role,
              reshare: share.reshare === 1,
              onItem: share.item_id === item.id,
            }));
    answer.set(item.id, permissionsOf(viewer, item, grants));
  }
  return answer;
}
