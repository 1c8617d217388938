import crypto from 'node:crypto';
import { cleanDisplayName, emailField, type SsoErrorCode, type User } from '@cloudstash/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connect';
import { inTransaction, nowIso } from '../../../db/executor';
import { findLinkedUserId, linkIdentity, touchIdentity } from '../../../repositories/oidc-identities';
import { findUserByEmail, findUserById, insertUserFirstAsAdmin } from '../../../repositories/users';
import { hashPassword } from '../../passwords';
import { presentUser } from '../../presenters';
import type { SessionClient, SessionService } from '../../sessions';
import type { PendingLogins } from '../pending-login';
import type { Registration } from '../registration';
import type { TotpService } from '../totp';
import { OIDC_FLOW_TTL_MS, type OidcFlowSeal } from './flow-seal';
import { OidcProviderClient, type OidcIdentity, type OidcSettings } from './provider-client';

/** A single sign-on that ends on the login page, with the code the page explains. */
export class SsoError extends Error {
  constructor(readonly code: SsoErrorCode) {
    super(`single sign-on refused: ${code}`);
  }
}

export type SsoOutcome =
  | { user: User; token: string; expiresAt: Date }
  | { totpRequired: true; pending: { value: string; expiresAt: Date } };

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key/i.test(String((error as { message?: string })?.message));

/**
 * Signing in through an OpenID Connect provider. The identity (issuer, subject) is what signs in; an email
 * only ever links an identity to an existing account when the provider says it verified that email, so an
 * attacker who can set any unverified email at some provider cannot take over the account that owns it.
 */
export class OidcSignIn {
  private readonly provider: OidcProviderClient;

  constructor(
    private readonly db: Db,
    private readonly settings: OidcSettings,
    private readonly deps: {
      seal: OidcFlowSeal;
      sessions: SessionService;
      registration: Registration;
      totp: TotpService;
      pending: PendingLogins;
      log: FastifyBaseLogger;
    },
  ) {
    this.provider = new OidcProviderClient(settings);
  }

  get label(): string {
    return this.settings.label;
  }

  /** Where to send the browser, and the sealed flow it must bring back in a cookie. */
  async start(redirectUri: string): Promise<{ url: string; flow: { value: string; expiresAt: Date } }> {
    const expires = Date.now() + OIDC_FLOW_TTL_MS;
    const flow = { ...OidcProviderClient.newChecks(), redirectUri, expires };
    const url = await this.provider.authorizationUrl(flow).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'single sign-on: provider discovery failed');
      throw new SsoError('provider');
    });
    return { url: url.href, flow: { value: this.deps.seal.seal(flow), expiresAt: new Date(expires) } };
  }

  /** The provider's answer (the callback's query string) and the flow cookie, to a session or a pending sign-in. */
  async finish(query: string, flowValue: string | undefined, client: SessionClient): Promise<SsoOutcome> {
    const flow = this.deps.seal.open(flowValue);
    const returned = new URLSearchParams(query).get('state') ?? '';
    if (!flow || !sameText(returned, flow.state)) throw new SsoError('expired');
    // The redirect URI the flow began with, not this request's URL: behind a proxy they can differ.
    const callbackUrl = new URL(flow.redirectUri);
    callbackUrl.search = query;
    const identity = await this.provider.identify(callbackUrl, flow).catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'single sign-on: the provider answer was refused');
      throw new SsoError('provider');
    });
    const userId = await this.accountFor(identity);
    const row = await findUserById(this.db, userId);
    if (!row) throw new SsoError('no_account');
    if (row.disabled === 1) throw new SsoError('disabled');
    // Two-factor sign-in applies however the first factor was given.
    if (await this.deps.totp.isEnabled(userId)) {
      return { totpRequired: true, pending: this.deps.pending.issue(userId) };
    }
    const session = await this.deps.sessions.create(userId, client);
    return { user: presentUser(row), ...session };
  }

  /** The linked account, else one linked by verified email, else a new one when allowed. Retried once after a race. */
  private async accountFor(identity: OidcIdentity): Promise<string> {
    try {
      return await this.findOrCreate(identity);
    } catch (error) {
      // Two first sign-ins of one identity at once: the other one linked or created it; use what it made.
      if (!isUniqueViolation(error)) throw error;
      return this.findOrCreate(identity);
    }
  }

  private async findOrCreate(identity: OidcIdentity): Promise<string> {
    const { issuer, subject } = identity;
    const linked = await findLinkedUserId(this.db, issuer, subject);
    if (linked) {
      await touchIdentity(this.db, issuer, subject, nowIso());
      return linked;
    }
    const email = emailField.safeParse(identity.email ?? '');
    if (!email.success) throw new SsoError('email_missing');
    // An unverified email neither links nor creates: a new account holding someone else's address would be
    // linked to that person's own identity later, when their provider vouches for it.
    if (!identity.emailVerified) throw new SsoError('email_unverified');
    const existing = await findUserByEmail(this.db, email.data);
    if (existing) {
      await linkIdentity(this.db, { issuer, subject, userId: existing.id }, nowIso());
      return existing.id;
    }
    return this.register(identity, email.data);
  }

  /** A new account for a first sign-in, when single sign-on may create accounts and registration is not closed. */
  private async register(identity: OidcIdentity, email: string): Promise<string> {
    if (!this.settings.autoRegister) throw new SsoError('no_account');
    const name = cleanDisplayName(identity.name ?? '') || cleanDisplayName(email.split('@')[0]!) || 'User';
    // No usable password: a random one nobody is told (an administrator's reset link can set a real one).
    const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
    const id = crypto.randomUUID();
    await inTransaction(this.db, async (trx) => {
      if ((await this.deps.registration.mode(trx)) === 'closed') throw new SsoError('no_account');
      const now = nowIso();
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
