import crypto from 'node:crypto';
import {
  SHARE_MESSAGES,
  type CreateShareBody,
  type Share,
  type SharePerson,
  type SharedSearch,
  type SharedWithMeItem,
  type ShareRole,
  type UpdateShareBody,
} from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/executor';
import { AppError, notFound } from '../../errors';
import { findGroup } from '../../repositories/groups';
import * as shares from '../../repositories/shares';
import { findPeople, findUserByEmail, findUserById } from '../../repositories/users';
import { findFileWithOwner } from '../../repositories/files';
import { findFolder } from '../../repositories/folders';
import { isUniqueViolation } from '../accounts/errors';
import {
  alreadyHolds,
  decide,
  decideShare,
  grantsFor,
  isGranteeOf,
  mayGrantRole,
  permissionsFor,
  type Grant,
} from '../access-policy';
import { isoNow, type Clock } from '../clock';
import type { PeopleDirectory } from './people-directory';
import type { Viewer } from '../sessions';
import type { ShareMails } from './share-mails';
import { searchSharedWith } from './shared-search';

/** A file or folder as sharing needs it: what it is, whose, and the shares that reach the viewer on it. */
interface SharedItem {
  kind: 'file' | 'folder';
  id: string;
  ownerId: string;
  isPublic: number;
  grants: Grant[];
}

const policyItem = (item: SharedItem) => ({
  kind: item.kind,
  owner_id: item.ownerId,
  is_public: item.isPublic,
});

const PEOPLE_LIMIT = 20;
const RANK: Record<ShareRole, number> = { viewer: 0, editor: 1 };

const present = (
  row: Awaited<ReturnType<typeof shares.sharesOfItem>>[number],
  manageable: boolean,
): Share => ({
  _id: row.id,
  itemKind: row.item_kind,
  itemId: row.item_id,
  grantee:
    row.grantee_kind === 'user'
      ? { kind: 'user', _id: row.grantee_id, name: row.person_name ?? '', email: row.person_email ?? '' }
      : { kind: 'group', _id: row.grantee_id, name: row.group_name ?? '', memberCount: row.members },
  role: row.role,
  reshare: row.reshare === 1,
  createdAt: row.created_at,
  manageable,
});

/**
 * Shares inside the instance: who may see or edit a file or a folder besides its owner. Only the owner shares,
 * or someone the owner let reshare, and never with more than their own role. What the access policy makes of
 * a share lives there; this keeps the rows.
 */
export class Shares {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mails: ShareMails,
    private readonly directory: PeopleDirectory,
  ) {}

  async create(viewer: Viewer, body: CreateShareBody): Promise<Share> {
    const item = await this.itemToShare(viewer, body);
    const grantee = await this.grantee(body);
    if (grantee.kind === 'user' && alreadyHolds(viewer, policyItem(item), grantee.id))
      throw new AppError('VALIDATION_FAILED', SHARE_MESSAGES.selfShare);
    this.assertWithinOwnRole(viewer, item, body.role);
    const now = isoNow(this.clock);
    const changes = { role: body.role, reshare: body.reshare ? 1 : 0 };
    const existing = await shares.findShareOf(this.db, item.id, grantee);
    if (existing) {
      this.assertManages(viewer, item, existing);
      await shares.updateShare(this.db, existing.id, changes, now);
      return this.presentOne(viewer, item, existing.id);
    }
    const id = crypto.randomUUID();
    try {
      await inTransaction(this.db, async (trx) => {
        await shares.insertShare(trx, {
          id,
          owner_id: item.ownerId,
          item_kind: item.kind,
          item_id: item.id,
          grantee_kind: grantee.kind,
          grantee_id: grantee.id,
          ...changes,
          created_by: viewer.id,
          created_at: now,
          updated_at: now,
        });
        // "Shared with you" mails, queued with the share: none unless it commits.
        await this.mails.shareMade(trx, { id, grantee, sharerId: viewer.id, ownerId: item.ownerId });
      });
    } catch (error) {
      // The same share made by a request racing this one: this one's role is the last word.
      if (!isUniqueViolation(error)) throw error;
      const raced = (await shares.findShareOf(this.db, item.id, grantee))!;
      this.assertManages(viewer, item, raced);
      await shares.updateShare(this.db, raced.id, changes, now);
      return this.presentOne(viewer, item, raced.id);
    }
    return this.presentOne(viewer, item, id);
  }

  /** Who has access to an item, for whoever may share it, each share saying whether they may change it. */
  async list(viewer: Viewer, query: { fileId?: string; folderId?: string }): Promise<Share[]> {
    const item = await this.itemToShare(viewer, query);
    return (await shares.sharesOfItem(this.db, item.id)).map((row) =>
      present(row, decideShare(viewer, policyItem(item), item.grants, row) === 'allow'),
    );
  }

  async update(viewer: Viewer, id: string, body: UpdateShareBody): Promise<Share> {
    const { share, item } = await this.managed(viewer, id);
    if (body.role) this.assertWithinOwnRole(viewer, item, body.role);
    const changes: Parameters<typeof shares.updateShare>[2] = {};
    if (body.role) changes.role = body.role;
    if (body.reshare !== undefined) changes.reshare = body.reshare ? 1 : 0;
    await shares.updateShare(this.db, share.id, changes, isoNow(this.clock));
    return this.presentOne(viewer, item, share.id);
  }

  /**
   * Ends a share: the item's owner (or an administrator, or the resharer who made it) removes it, or the person
   * it was given to leaves it.
   */
  async remove(viewer: Viewer, id: string): Promise<'removed' | 'left'> {
    const share = await shares.findShare(this.db, id);
    if (share && isGranteeOf(viewer, share)) {
      await shares.deleteShare(this.db, id);
      return 'left';
    }
    await this.managed(viewer, id);
    await shares.deleteShare(this.db, id);
    return 'removed';
  }

  /**
   * Each item shared with the viewer once, with their best role and what they may do with it; a direct share is
   * the one they can leave.
   */
  async withMe(viewer: Viewer): Promise<SharedWithMeItem[]> {
    const byItem = new Map<string, Omit<SharedWithMeItem, 'permissions'>>();
    const rows = await shares.sharedWith(this.db, viewer.id);
    for (const row of rows) {
      const seen = byItem.get(row.item_id);
      const role = seen && RANK[seen.role] > RANK[row.role] ? seen.role : row.role;
      byItem.set(row.item_id, {
        shareId: row.grantee_kind === 'user' ? row.id : (seen?.shareId ?? null),
        kind: row.item_kind,
        _id: row.item_id,
        name: row.item_kind === 'file' ? row.filename! : row.folder_name!,
        ...(row.item_kind === 'file' && { mimetype: row.mimetype!, size: Number(row.size) }),
        owner: { _id: row.owner_id, name: row.owner_name },
        role,
        reshare: (seen?.reshare ?? false) || row.reshare === 1,
        sharedAt: seen?.sharedAt ?? row.created_at,
      });
    }
    const permissions = await permissionsFor(
      this.db,
      viewer,
      rows.map((row) => ({
        kind: row.item_kind,
        id: row.item_id,
        owner_id: row.owner_id,
        is_public: row.is_public ?? 0,
        folderId: row.item_kind === 'file' ? row.file_folder_id : row.item_id,
      })),
    );
    return [...byItem.values()].map((item) => ({ ...item, permissions: permissions.get(item._id)! }));
  }

  /** Folders and files anywhere in what is shared with the viewer whose name contains `text`. */
  searchWithMe(viewer: Viewer, text: string): Promise<SharedSearch> {
    return searchSharedWith(this.db, viewer, text);
  }

  /**
   * Accounts to share with, never the viewer: those connected to them (a group in common, a share either way)
   * by the start of a name or email, anyone else by their exact email only, or every account by the start of a
   * name or email where Instance Settings opened the directory. An empty query finds no one, and an access
   * token cannot look: the directory is for a person at the share dialog, not for a script to walk.
   */
  async people(viewer: Viewer, q: string): Promise<SharePerson[]> {
    if (viewer.scope) throw new AppError('FORBIDDEN', SHARE_MESSAGES.peopleNeedsSession);
    if (!q) return [];
    const everyone = (await this.directory.mode()) === 'everyone';
    const rows = await findPeople(this.db, viewer.id, { q, everyone, limit: PEOPLE_LIMIT });
    return rows.map((u) => ({ _id: u.id, name: u.name, email: u.email }));
  }

  /** The item named by `fileId` or `folderId`, if the viewer may share it: 404 unseen, 403 seen but not theirs. */
  private async itemToShare(
    viewer: Viewer,
    ref: { fileId?: string; folderId?: string },
  ): Promise<SharedItem> {
    const item = await this.itemOf(viewer, ref);
    const decision = decide(viewer, policyItem(item), item.grants, 'share');
    if (decision === 'not-found') throw notFound(SHARE_MESSAGES.notFound);
    if (decision === 'forbidden') throw new AppError('FORBIDDEN', SHARE_MESSAGES.notYours);
    return item;
  }

  /** The item named by `fileId` or `folderId`, with the shares reaching the viewer on it. */
  private itemOf(viewer: Viewer, ref: { fileId?: string; folderId?: string }) {
    return ref.fileId ? this.file(viewer, ref.fileId) : this.folder(viewer, ref.folderId!);
  }

  private async file(viewer: Viewer, id: string) {
    const file = await findFileWithOwner(this.db, id);
    if (!file) throw notFound(SHARE_MESSAGES.notFound);
    const grants = await grantsFor(this.db, viewer, {
      kind: 'file',
      id,
      owner_id: file.owner_id,
      folderId: file.folder_id,
    });
    return { kind: 'file' as const, id, ownerId: file.owner_id, isPublic: file.is_public, grants };
  }

  private async folder(viewer: Viewer, id: string) {
    const folder = await findFolder(this.db, id);
    if (!folder) throw notFound(SHARE_MESSAGES.notFound);
    const grants = await grantsFor(this.db, viewer, {
      kind: 'folder',
      id,
      owner_id: folder.owner_id,
      folderId: id,
    });
    return { kind: 'folder' as const, id, ownerId: folder.owner_id, isPublic: 0, grants };
  }

  /** A share the viewer may change (the policy's manage-share: see `decideShare`). Any other answers 404. */
  private async managed(viewer: Viewer, id: string) {
    const share = await shares.findShare(this.db, id);
    if (!share) throw notFound(SHARE_MESSAGES.notFound);
    const ref = share.item_kind === 'file' ? { fileId: share.item_id } : { folderId: share.item_id };
    const item = await this.itemOf(viewer, ref).catch(() => {
      throw notFound(SHARE_MESSAGES.notFound);
    });
    this.assertManages(viewer, item, share);
    return { share, item };
  }

  /** Someone else's share on the item is not the viewer's to change (a resharer changes only their own). */
  private assertManages(viewer: Viewer, item: SharedItem, share: { created_by: string }) {
    if (decideShare(viewer, policyItem(item), item.grants, share) !== 'allow')
      throw notFound(SHARE_MESSAGES.notFound);
  }

  /** Someone sharing further gives no more than they were given. */
  private assertWithinOwnRole(viewer: Viewer, item: SharedItem, role: ShareRole) {
    if (!mayGrantRole(viewer, policyItem(item), item.grants, role, RANK))
      throw new AppError('FORBIDDEN', SHARE_MESSAGES.notYours);
  }

  private async grantee(body: CreateShareBody): Promise<{ kind: 'user' | 'group'; id: string }> {
    if (body.groupId) {
      if (!(await findGroup(this.db, body.groupId))) throw notFound(SHARE_MESSAGES.groupNotFound);
      return { kind: 'group', id: body.groupId };
    }
    const user = body.userId
      ? await findUserById(this.db, body.userId)
      : await findUserByEmail(this.db, body.email!.trim().toLowerCase());
    // An unknown email answers exactly as an unknown id.
    if (!user) throw notFound(SHARE_MESSAGES.personNotFound);
    return { kind: 'user', id: user.id };
  }

  private async presentOne(viewer: Viewer, item: SharedItem, shareId: string): Promise<Share> {
    const row = (await shares.sharesOfItem(this.db, item.id)).find((r) => r.id === shareId)!;
    return present(row, decideShare(viewer, policyItem(item), item.grants, row) === 'allow');
  }
}
