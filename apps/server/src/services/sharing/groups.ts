import crypto from 'node:crypto';
import { GROUP_MESSAGES, type Group, type GroupWithMembers } from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import { inTransaction, type Executor } from '../../db/executor';
import { AppError, notFound } from '../../errors';
import * as groups from '../../repositories/groups';
import { countExistingUsers } from '../../repositories/users';
import { writeUnique } from '../accounts/errors';
import { isoNow, type Clock } from '../clock';
import type { Viewer } from '../sessions';

export const presentGroup = (row: groups.GroupRow): Group => ({
  _id: row.id,
  name: row.name,
  memberCount: row.member_count,
  createdAt: row.created_at,
});

const nameTaken = () => new AppError('CONFLICT', GROUP_MESSAGES.nameTaken);

/**
 * Groups of accounts, kept by administrators: a share given to a group reaches whoever is a member at the time
 * of each request, so removing a member ends their access at once. A name is unique ignoring case (the
 * database's unique index decides races).
 */
export class Groups {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(q = ''): Promise<Group[]> {
    return (await groups.listGroups(this.db, q)).map(presentGroup);
  }

  /** The groups the viewer belongs to. */
  async mine(viewer: Viewer): Promise<Group[]> {
    return (await groups.groupsOfUser(this.db, viewer.id)).map(presentGroup);
  }

  async get(id: string): Promise<GroupWithMembers> {
    const row = await groups.findGroup(this.db, id);
    if (!row) throw notFound(GROUP_MESSAGES.notFound);
    const members = await groups.groupMembers(this.db, id);
    return {
      ...presentGroup(row),
      members: members.map((m) => ({ _id: m.id, name: m.name, email: m.email })),
    };
  }

  async create(input: { name: string; memberIds?: string[] }): Promise<GroupWithMembers> {
    const id = crypto.randomUUID();
    const now = isoNow(this.clock);
    await this.writeNamed(async (trx) => {
      await groups.insertGroup(trx, { id, name: input.name, created_at: now, updated_at: now });
      if (input.memberIds) await this.setMembers(trx, id, input.memberIds, now);
    });
    return this.get(id);
  }

  async update(id: string, input: { name?: string; memberIds?: string[] }): Promise<GroupWithMembers> {
    const now = isoNow(this.clock);
    await this.writeNamed(async (trx) => {
      if (!(await groups.findGroup(trx, id))) throw notFound(GROUP_MESSAGES.notFound);
      if (input.name !== undefined) await groups.renameGroup(trx, id, input.name, now);
      if (input.memberIds) await this.setMembers(trx, id, input.memberIds, now);
    });
    return this.get(id);
  }

  /** The group goes with its memberships and every share given to it. */
  async remove(id: string): Promise<void> {
    const removed = await inTransaction(this.db, (trx) => groups.deleteGroup(trx, id));
    if (!removed) throw notFound(GROUP_MESSAGES.notFound);
  }

  private async setMembers(trx: Executor, id: string, memberIds: string[], now: string) {
    const unique = [...new Set(memberIds)];
    if ((await countExistingUsers(trx, unique)) !== unique.length) {
      throw new AppError('VALIDATION_FAILED', GROUP_MESSAGES.memberNotFound, [
        { path: 'memberIds', message: GROUP_MESSAGES.memberNotFound },
      ]);
    }
    await groups.setGroupMembers(trx, id, unique, now);
  }

  private writeNamed(work: (trx: Executor) => Promise<void>): Promise<void> {
    return writeUnique(this.db, work, nameTaken);
  }
}
