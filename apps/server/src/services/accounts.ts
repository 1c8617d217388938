import crypto from 'node:crypto';
import {
  MESSAGES,
  cleanDisplayName,
  registerBodySchema,
  loginBodySchema,
  type User,
} from '@cloudstash/contract';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { inTransaction, nowIso } from '../db/executor';
import * as users from '../repositories/users';
import { AppError } from '../errors';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { presentUser } from './presenters';
import type { PendingLogins } from './accounts/pending-login';
import type { Registration } from './accounts/registration';
import type { TotpService } from './accounts/totp';
import { accountDisabledError } from './accounts/errors';
import type { Clock } from './clock';
import type { Throttle } from './throttle';
import type { SessionClient, SessionService, Viewer } from './sessions';

type RegisterInput = z.output<typeof registerBodySchema>;
type LoginInput = z.output<typeof loginBodySchema>;

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key/i.test(String((error as { message?: string })?.message));

/** The wait before checking a sign-in to an account that has failed `failures` times from any address. */
export function loginDelayMs(failures: number, lockAfter: number): number {
  const slowAfter = Math.max(1, Math.floor(lockAfter / 2));
  if (failures < slowAfter) return 0;
  return Math.min(2 ** (failures - slowAfter) * 250, 5000);
}

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly config: Pick<Config, 'lockout'>,
    private readonly gates: { registration: Registration; totp: TotpService; pending: PendingLogins },
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
    const invited = !skipAdmission && (await this.gates.registration.isUsableInvite(input.invite));
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
    const now = nowIso();
    const id = crypto.randomUUID();
    try {
      await inTransaction(this.db, async (trx) => {
        if (!skipAdmission) await this.gates.registration.admit(trx, input.invite, id, invited);
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
   * Checks the password and opens a session. Unknown email and wrong password give the same answer after the
   * same argon2 work. Repeated failures lock the account for a while, but only for the address they came
   * from (so nobody can lock someone else out); from every address together they slow its sign-ins down.
   */
  async login(
    input: LoginInput,
    client: SessionClient = {},
  ): Promise<
    | { user: User; token: string; expiresAt: Date }
    | { totpRequired: true; pending: { value: string; expiresAt: Date } }
  > {
    // Every attempt is counted before the password is checked, so a burst cannot outrun the count. The lock is
    // per account and client address; unknown addresses share one bucket.
    const from = client.address ?? 'unknown';
    const { throttle } = this.limits;
    const accountFrom = JSON.stringify([input.email, from]);
    await throttle.take('signInPerAccountAndAddress', accountFrom);
    await this.slowDown(await throttle.take('signInPerAccount', input.email));
    const account = await users.findUserByEmail(this.db, input.email);
    const valid = await verifyPassword(account?.password_hash ?? (await dummyPasswordHash()), input.password);
    if (!account || !valid) throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
    await throttle.reset('signInPerAccountAndAddress', accountFrom);
    await throttle.reset('signInPerAccount', input.email);
    if (account.disabled === 1) throw accountDisabledError();
    // With two-factor on, a right password opens no session: only a pending sign-in awaiting the code.
    if (await this.gates.totp.isEnabled(account.id)) {
      return { totpRequired: true, pending: this.gates.pending.issue(account.id) };
    }
    const session = await this.sessions.create(account.id, client);
    return { user: presentUser(account), ...session };
  }

  /**
   * Once half the lock threshold has been tried from any address (5 of 10 by default), every further attempt
   * on the account waits min(2^(n - half) x 250 ms, 5 s) before it is checked: guessing from many addresses
   * gets slow, and the owner still signs in. Unknown emails wait the same, so the delay says nothing about who
   * has an account. `attempt` is this attempt's number in the window, so the ones before it are one fewer.
   */
  private async slowDown(attempt: number): Promise<void> {
    const delayMs = loginDelayMs(attempt - 1, this.config.lockout.failures);
    if (delayMs > 0) await this.limits.clock.sleep(delayMs);
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
    const created = await this.register(parsed.data, { skipAdmission: true });
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
