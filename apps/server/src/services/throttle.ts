import { LINK_MESSAGES, MESSAGES } from '@cloudstash/contract';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { AppError } from '../errors';
import * as counters from '../repositories/throttle-counters';
import type { Clock } from './clock';

/** How many attempts one subject (an address, an account, a link) may make per window, and the refusal past it. */
export interface ThrottlePolicy {
  limit: number;
  windowMs: number;
  code: 'RATE_LIMITED' | 'ACCOUNT_LOCKED';
  message: string;
}

const MINUTE = 60_000;

/** Every limit on attempts the server enforces, by name; the name keeps two policies on one subject apart. */
export function throttlePolicies(
  config: Pick<
    Config,
    | 'authRateLimitPerMinute'
    | 'registerRateLimitPerHour'
    | 'lockout'
    | 'uploadLinkFilesPerAddress'
    | 'uploadLinkFilesPerLink'
  >,
) {
  const perMinute = {
    limit: config.authRateLimitPerMinute,
    windowMs: MINUTE,
    code: 'RATE_LIMITED',
    message: MESSAGES.tooManyRequests,
  } as const;
  const lockout = {
    limit: config.lockout.failures,
    windowMs: config.lockout.windowMs,
    code: 'ACCOUNT_LOCKED',
    message: MESSAGES.accountLocked,
  } as const;
  const unlock = {
    windowMs: 15 * MINUTE,
    code: 'RATE_LIMITED',
    message: LINK_MESSAGES.linkTooManyAttempts,
  } as const;
  return {
    signInPerAddress: perMinute,
    /** The hard lock: only the address that guessed is locked out, so nobody can lock out someone else. */
    signInPerAccountAndAddress: lockout,
    /** Never refuses: from every address together, its count slows sign-ins to the account down instead. */
    signInPerAccount: { ...lockout, limit: Infinity },
    totpPerAddress: perMinute,
    totpPerAccount: lockout,
    passwordResetPerAddress: perMinute,
    /** Forgot-password requests from one client address; refused past it, whatever address is asked for. */
    forgotPasswordPerAddress: perMinute,
    /** Reset mails one email address may ask for, and one account be sent, per hour: past it, silently none. */
    forgotPasswordPerEmail: { ...perMinute, limit: 5, windowMs: 60 * MINUTE },
    forgotPasswordPerAccount: { ...perMinute, limit: 5, windowMs: 60 * MINUTE },
    passwordChangePerAddress: perMinute,
    accountDeletionPerAddress: perMinute,
    linkUnlockPerAddress: { ...unlock, limit: 10 },
    linkUnlockPerLink: { ...unlock, limit: 20 },
    registrationPerAddressMinute: perMinute,
    /** The registration page asks what its invite link is; a token is not guessable, the count only keeps it cheap. */
    inviteCheckPerAddress: perMinute,
    /** Registration says when an email is taken (409), so few emails can be probed per hour. */
    registrationPerAddressHour: {
      ...perMinute,
      limit: config.registerRateLimitPerHour,
      windowMs: 60 * MINUTE,
    },
    singleSignOnPerAddress: perMinute,
    /** New uploads through upload links: generous for a family's photos, a ceiling for a script filling a disk. */
    requestUploadPerAddress: { ...perMinute, limit: config.uploadLinkFilesPerAddress, windowMs: 10 * MINUTE },
    requestUploadPerLink: { ...perMinute, limit: config.uploadLinkFilesPerLink, windowMs: 10 * MINUTE },
    /** WebDAV sign-ins that failed (a wrong email or token, or a password), counted per address. */
    davFailuresPerAddress: perMinute,
  } satisfies Record<string, ThrottlePolicy>;
}

export type ThrottlePolicyName = keyof ReturnType<typeof throttlePolicies>;

/**
 * The one throttle. Each attempt is counted in the database before its secret is checked, with one atomic
 * upsert, and the attempt whose count passes the limit is refused (429 with Retry-After): a burst of
 * simultaneous guesses gets at most the limit checked, and every process of a deployment sees the same counts.
 * Windows start with their first attempt and last the policy's window.
 */
export class Throttle {
  readonly policies: ReturnType<typeof throttlePolicies>;
  private nextSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    config: Parameters<typeof throttlePolicies>[0],
  ) {
    this.policies = throttlePolicies(config);
  }

  /** Counts one attempt of `subject` under `name`; answers its count, or refuses the one past the limit. */
  async take(name: ThrottlePolicyName, subject: string): Promise<number> {
    const policy: ThrottlePolicy = this.policies[name];
    const now = this.clock.now();
    await this.sweep(now);
    const { count, windowStart } = await counters.countAttempt(
      this.db,
      keyOf(name, subject),
      now,
      policy.windowMs,
    );
    if (count <= policy.limit) return count;
    const retryAfter = Math.max(1, Math.ceil((windowStart + policy.windowMs - now) / 1000));
    throw new AppError(policy.code, policy.message, undefined, { 'retry-after': String(retryAfter) });
  }

  /**
   * Counts one attempt under each policy in turn. When one refuses, the attempts already counted under the
   * others are taken back: a refused attempt checks nothing, so it uses up no other budget.
   */
  async takeAll(steps: Array<[ThrottlePolicyName, string]>): Promise<void> {
    for (const [i, [name, subject]] of steps.entries()) {
      try {
        await this.take(name, subject);
      } catch (error) {
        for (const [earlier, earlierSubject] of steps.slice(0, i))
          await this.giveBack(earlier, earlierSubject);
        throw error;
      }
    }
  }

  /** Takes back one attempt: a success that, as a rule, uses up nothing of the budget for failures. */
  async giveBack(name: ThrottlePolicyName, subject: string): Promise<void> {
    await counters.uncountAttempt(this.db, keyOf(name, subject));
  }

  /** Forgets every attempt of `subject` under `name` (a right password ends its lockout count). */
  async reset(name: ThrottlePolicyName, subject: string): Promise<void> {
    await counters.deleteCounter(this.db, keyOf(name, subject));
  }

  /** A route hook counting every request per client address under `name`, before the body is read. */
  perAddress(name: ThrottlePolicyName) {
    return async (request: { ip: string }) => {
      await this.take(name, request.ip);
    };
  }

  /** Ended windows are deleted at most once a minute, by whichever attempt comes first. */
  private async sweep(now: number): Promise<void> {
    if (now < this.nextSweep) return;
    this.nextSweep = now + MINUTE;
    await counters.deleteEndedCounters(this.db, now);
  }
}

const keyOf = (name: ThrottlePolicyName, subject: string) => `${name}:${subject}`;
