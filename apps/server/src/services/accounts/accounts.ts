import crypto from 'node:crypto';
import { MESSAGES, cleanDisplayName, registerBodySchema, type User } from '@cloudstash/contract';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/executor';
import * as users from '../../repositories/users';
import { AppError } from '../../errors';
import { hashPassword, isCommonPassword } from '../passwords';
import { presentUser } from '../presenters';
import { isoNow, type Clock } from '../clock';
import type { Throttle } from '../throttle';
import type { Viewer } from '../sessions';
import { isUniqueViolation } from './errors';
import type { Registration } from './registration';

type RegisterInput = z.output<typeof registerBodySchema>;

export class Accounts {
  constructor(
    private readonly db: Db,
    private readonly registration: Registration,
    private readonly limits: { throttle: Throttle; clock: Clock },
  ) {}

  /**
   * New account; the first one on an empty instance is the administrator, the client's `role` is ignored.
   * A registration from `address` counts against its hourly limit unless it presents a valid invite, which it
   * then uses up: a team behind one address can join on the invites its administrator made.
   */
  async register(
    input: RegisterInput,
    { skipAdmission = false, address }: { skipAdmission?: boolean; address?: string } = {},
  ): Promise<User> {
    const invited = !skipAdmission && (await this.registration.isUsableInvite(input.invite));
    if (address !== undefined && !invited) {
      await this.limits.throttle.take('registrationPerAddressHour', address);
    }
    // Names are shown to others: cleaned like file names, so none can reverse, hide or fake text around it.
    const name = cleanDisplayName(input.name);
    if (!name) {
      throw new AppError('VALIDATION_FAILED', MESSAGES.nameRequired, [
        { path: 'name', message: MESSAGES.nameRequired },
      ]);
    }
    if (isCommonPassword(input.password)) {
      throw new AppError('VALIDATION_FAILED', MESSAGES.passwordTooCommon, [
        { path: 'password', message: MESSAGES.passwordTooCommon },
      ]);
    }
    const passwordHash = await hashPassword(input.password);
    const now = isoNow(this.limits.clock);
    const id = crypto.randomUUID();
    try {
      await inTransaction(this.db, async (trx) => {
        if (!skipAdmission)
          await this.registration.admit(trx, input.invite, { id, email: input.email }, invited);
        await users.insertUserFirstAsAdmin(trx, {
          id,
          name,
          email: input.email,
          password_hash: passwordHash,
          created_at: now,
          updated_at: now,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', MESSAGES.emailTaken);
      throw error;
    }
    return presentUser((await users.findUserById(this.db, id))!);
  }

  /**
   * The `create-admin` command: promotes an existing account, or creates a new administrator (the password
   * must meet the same rules as at registration). A role change applies from the account's next request.
   */
  async makeAdmin(input: {
    email: string;
    name?: string;
    password?: string;
  }): Promise<'promoted' | 'created'> {
    const email = input.email.trim().toLowerCase();
    const existing = await users.findUserByEmail(this.db, email);
    if (existing) {
      await users.setUserRole(this.db, existing.id, 'admin', isoNow(this.limits.clock));
      return 'promoted';
    }
    const parsed = registerBodySchema.safeParse({
      name: input.name ?? 'Administrator',
      email,
      password: input.password ?? '',
    });
    if (!parsed.success)
      throw new AppError(
        'VALIDATION_FAILED',
        parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '),
      );
    const created = await this.register(parsed.data, { skipAdmission: true });
    await users.setUserRole(this.db, created._id, 'admin', isoNow(this.limits.clock));
    return 'created';
  }

  /** Whether any account exists; until one does, the first to register becomes the administrator. */
  async hasAccounts(): Promise<boolean> {
    return (await users.countUsers(this.db)) > 0;
  }

  async list(query: { q?: string; limit: number; cursor?: string }) {
    const page = await users.listUsers(this.db, query);
    return { items: page.rows.map(presentUser), meta: { total: page.total, nextCursor: page.nextCursor } };
  }

  /**
   * The viewer for an account as it is now (role included), or null when it no longer exists or is disabled:
   * a download link issued before an administrator disabled the account stops working with its sessions.
   */
  async viewerOf(userId: string): Promise<Viewer | null> {
    const row = await users.findUserById(this.db, userId);
    if (!row || row.disabled) return null;
    const user = presentUser(row);
    return { id: user._id, role: user.role, user };
  }
}
