import crypto from 'node:crypto';
import { cleanDisplayName, emailField, type SsoErrorCode } from '@cloudstash/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connect';
import { inTransaction } from '../../../db/executor';
import { deleteAccessTokensOfUser } from '../../../repositories/access-tokens';
import { deleteSessionsOfUserExcept } from '../../../repositories/sessions';
import { findLinkedUserId, linkIdentity, touchIdentity } from '../../../repositories/oidc-identities';
import { findUserByEmail, findUserById, insertUserFirstAsAdmin } from '../../../repositories/users';
import { isoNow, type Clock } from '../../clock';
import { hashPassword } from '../../passwords';
import type { SessionClient } from '../../sessions';
import { isUniqueViolation } from '../errors';
import type { Registration, RegistrationRefusal } from '../registration';
import type { SignIn, SignInOutcome } from '../sign-in';
import { OIDC_FLOW_TTL_MS, type OidcFlowSeal } from './flow-seal';
import { OidcProviderClient, type OidcIdentity, type OidcSettings } from './provider-client';

/** A single sign-on that ends on the login page, with the code the page explains. */
export class SsoError extends Error {
  constructor(readonly code: SsoErrorCode) {
    super(`single sign-on refused: ${code}`);
  }
}

export type SsoOutcome = SignInOutcome;

interface SignInContext {
  invite?: string;
  signedInAs?: string;
}

const REFUSAL_CODES: Record<RegistrationRefusal, SsoErrorCode> = {
  registrationClosed: 'no_account',
  inviteRequired: 'invite_required',
  inviteInvalid: 'invite_invalid',
};

/** Where a single sign-on starts: the redirect URI, and the invite a new account would use. */
export interface SsoStart {
  redirectUri: string;
  invite?: string;
}

/**
 * Signing in through an OpenID Connect provider. The identity (issuer, subject) is what signs in. An identity
 * is linked to an existing account only when the provider verified the email AND the person proves the account
 * here: the callback arrives in a browser already signed in to it (the login page's link step has them sign in
 * with the password first). The email alone never links: registering an address proves nothing (no email is
 * sent), so whoever registered `victim@company.com` first must not receive the victim's identity later.
 */
export class OidcSignIn {
  private readonly provider: OidcProviderClient;

  constructor(
    private readonly db: Db,
    private readonly settings: OidcSettings,
    private readonly deps: {
      seal: OidcFlowSeal;
      registration: Registration;
      signIn: SignIn;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {
    this.provider = new OidcProviderClient(settings);
  }

  get label(): string {
    return this.settings.label;
  }

  /** Whether a first sign-in may make an account (never while registration is closed; with an invite if invite-only). */
  get createsAccounts(): boolean {
    return this.settings.autoRegister;
  }

  /** Where to send the browser, and the sealed flow it must bring back in a cookie. */
  async start(from: SsoStart): Promise<{ url: string; flow: { value: string; expiresAt: Date } }> {
    const expires = this.deps.clock.now() + OIDC_FLOW_TTL_MS;
    const flow = { ...OidcProviderClient.newChecks(), ...from, expires };
    const url = await this.provider.authorizationUrl(flow).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'single sign-on: provider discovery failed');
      throw new SsoError('provider');
    });
    return { url: url.href, flow: { value: this.deps.seal.seal(flow), expiresAt: new Date(expires) } };
  }

  /**
   * The provider's answer (the callback's query string) and the flow cookie, to a session or a pending sign-in.
   * `signedInAs` is the account this browser's own session (not a token) is signed in to, if any: the proof that
   * lets an identity be linked to it.
   */
  async finish(
    query: string,
    flowValue: string | undefined,
    client: SessionClient,
    signedInAs?: string,
  ): Promise<SsoOutcome> {
    const flow = this.deps.seal.open(flowValue, this.deps.clock.now());
    const returned = new URLSearchParams(query).get('state') ?? '';
    if (!flow || !sameText(returned, flow.state)) throw new SsoError('expired');
    // The redirect URI the flow began with, not this request's URL: behind a proxy they can differ.
    const callbackUrl = new URL(flow.redirectUri);
    callbackUrl.search = query;
    const identity = await this.provider.identify(callbackUrl, flow).catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'single sign-on: the provider answer was refused');
      throw new SsoError('provider');
    });
    const userId = await this.accountFor(identity, { invite: flow.invite, signedInAs });
    const row = await findUserById(this.db, userId);
    if (!row) throw new SsoError('no_account');
    // This browser's own session of the account (the link step) already passed the second factor.
    return this.deps.signIn.finish(row, client, {
      secondFactorPassed: userId === signedInAs,
      disabledError: () => new SsoError('disabled'),
    });
  }

  /**
   * The linked account, else the signed-in account with the verified email (linked now), else a new one when
   * allowed. Retried once after a race.
   */
  private async accountFor(identity: OidcIdentity, context: SignInContext): Promise<string> {
    try {
      return await this.findOrCreate(identity, context);
    } catch (error) {
      // Two first sign-ins of one identity at once: the other one linked or created it; use what it made.
      if (!isUniqueViolation(error)) throw error;
      return this.findOrCreate(identity, context);
    }
  }

  private async findOrCreate(identity: OidcIdentity, context: SignInContext): Promise<string> {
    const { issuer, subject } = identity;
    const linked = await findLinkedUserId(this.db, issuer, subject);
    if (linked) {
      await touchIdentity(this.db, issuer, subject, isoNow(this.deps.clock));
      return linked;
    }
    const email = emailField.safeParse(identity.email ?? '');
    if (!email.success) throw new SsoError('email_missing');
    // An unverified email neither links nor creates: a new account holding someone else's address would be
    // linked to that person's own identity later, when their provider vouches for it.
    if (!identity.emailVerified) throw new SsoError('email_unverified');
    const existing = await findUserByEmail(this.db, email.data);
    if (existing) {
      // Nobody proved this address to this instance: only the account's own signed-in session may take the link.
      if (existing.id !== context.signedInAs) throw new SsoError('link_required');
      await this.link(identity, existing.id);
      return existing.id;
    }
    return this.register(identity, email.data, context.invite);
  }

  /**
   * Links the identity and ends every session and access token of the account (the new session is made after):
   * whatever was signed in before the account gained a way in is signed out, in case it was not the owner.
   */
  private async link(identity: OidcIdentity, userId: string): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await linkIdentity(
        trx,
        { issuer: identity.issuer, subject: identity.subject, userId },
        isoNow(this.deps.clock),
      );
      await deleteSessionsOfUserExcept(trx, userId, undefined);
      await deleteAccessTokensOfUser(trx, userId);
    });
  }

  /**
   * A new account for a first sign-in, when single sign-on may create accounts and registration allows it:
   * never while it is closed, and with an invite (used up here) while it is invite-only.
   */
  private async register(identity: OidcIdentity, email: string, invite: string | undefined): Promise<string> {
    if (!this.settings.autoRegister) throw new SsoError('no_account');
    const name = cleanDisplayName(identity.name ?? '') || cleanDisplayName(email.split('@')[0]!) || 'User';
    // No usable password: a random one nobody is told (an administrator's reset link can set a real one).
    const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
    const id = crypto.randomUUID();
    await inTransaction(this.db, async (trx) => {
      const refusal = await this.deps.registration.refusal(trx, invite, { id, email });
      if (refusal) throw new SsoError(REFUSAL_CODES[refusal]);
      const now = isoNow(this.deps.clock);
      await insertUserFirstAsAdmin(trx, {
        id,
        name,
        email,
        password_hash: passwordHash,
        created_at: now,
        updated_at: now,
      });
      await linkIdentity(trx, { issuer: identity.issuer, subject: identity.subject, userId: id }, now);
    });
    return id;
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
