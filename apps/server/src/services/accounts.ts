import crypto from 'node:crypto';
import { MESSAGES, registerBodySchema, loginBodySchema, type User } from '@cloudstash/contract';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { inTransaction, nowIso } from '../db/executor';
import * as failures from '../repositories/login-failures';
import * as users from '../repositories/users';
import { AppError } from '../http/errors';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { presentUser } from './presenters';
import type { SessionService, Viewer } from './sessions';

type RegisterInput = z.output<typeof registerBodySchema>;
type LoginInput = z.output<typeof loginBodySchema>;

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key/i.test(String((error as { message?: string })?.message));

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly config: Pick<Config, 'lockout'>,
  ) {}

  /** New account; the first one on an empty instance is the administrator, the client's `role` is ignored. */
  async register(input: RegisterInput): Promise<User> {
    if (isCommonPassword(input.password)) {
      throw new AppError('VALIDATION_FAILED', MESSAGES.passwordTooCommon, [
        { path: 'password', message: MESSAGES.passwordTooCommon },
      ]);
    }
    const passwordHash = await hashPassword(input.password);
    const now = nowIso();
    const id = crypto.randomUUID();
    try {
      await inTransaction(this.db, (trx) =>
        users.insertUserFirstAsAdmin(trx, {
          id,
          name: input.name,
          email: input.email,
          password_hash: passwordHash,
          created_at: now,
          updated_at: now,
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', MESSAGES.emailTaken);
      throw error;
    }
    return presentUser((await users.findUserById(this.db, id))!);
  }

  /**
   * Checks the password and opens a session. Unknown email and wrong password give the same answer after the
   * same argon2 work; repeated failures lock the account for a while, whoever tries.
   */
  async login(input: LoginInput): Promise<{ user: User; token: string; expiresAt: Date }> {
    await this.refuseWhileLocked(input.email);
    const account = await users.findUserByEmail(this.db, input.email);
    const valid = await verifyPassword(account?.password_hash ?? (await dummyPasswordHash()), input.password);
    if (!account || !valid) {
      const now = Date.now();
      await failures.recordLoginFailure(
        this.db,
        input.email,
        new Date(now).toISOString(),
        new Date(now - this.config.lockout.windowMs).toISOString(),
      );
      throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
    }
    await failures.clearLoginFailures(this.db, input.email);
    const session = await this.sessions.create(account.id);
    return { user: presentUser(account), ...session };
  }

  private async refuseWhileLocked(email: string): Promise<void> {
    const record = await failures.findLoginFailures(this.db, email);
    if (!record || record.failures < this.config.lockout.failures) return;
    const unlockAt = Date.parse(record.window_start) + this.config.lockout.windowMs;
    const waitSeconds = Math.ceil((unlockAt - Date.now()) / 1000);
    if (waitSeconds > 0) {
      throw new AppError('ACCOUNT_LOCKED', MESSAGES.accountLocked, undefined, {
        'retry-after': String(waitSeconds),
      });
    }
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
      await users.setUserRole(this.db, existing.id, 'admin', nowIso());
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
    const created = await this.register(parsed.data);
    await users.setUserRole(this.db, created._id, 'admin', nowIso());
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

  /** The viewer for an account as it is now (role included), or null when it no longer exists. */
  async viewerOf(userId: string): Promise<Viewer | null> {
    const row = await users.findUserById(this.db, userId);
    if (!row) return null;
    const user = presentUser(row);
    return { id: user._id, role: user.role, user };
  }
}
