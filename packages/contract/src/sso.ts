import { z } from 'zod';

/**
 * Single sign-on with an OpenID Connect provider: `GET /auth/providers` says whether it is configured (and
 * the button's label) without signing in; `GET /auth/oidc/start` and `/auth/oidc/callback` are browser
 * navigations that end on /dashboard, or on /login?sso_error=<code> with one of the codes below.
 */

export const OIDC_PATHS = {
  start: '/auth/oidc/start',
  callback: '/auth/oidc/callback',
} as const;

/** Why a single sign-on ended back on the login page, each with the sentence the page shows. */
export const SSO_ERROR_MESSAGES = {
  not_configured: 'Single sign-on is not set up on this instance.',
  expired: 'Your single sign-on attempt expired or did not match. Please try again.',
  provider: 'The identity provider did not complete the sign-in. Please try again.',
  email_missing: 'The identity provider did not share an email address, so no account could be found.',
  email_unverified:
    'The identity provider has not verified your email address, so it cannot be linked to an account. Sign in with your password, or verify the email at the provider first.',
  no_account:
    'No CloudStash account is linked to this identity, and accounts are not created by single sign-on here. Ask an administrator.',
  disabled: 'This account is disabled. Contact an administrator.',
  link_required:
    'An account with this email already exists here. To link your single sign-on to it, sign in to it with its password on this page; if you did not make that account, ask an administrator.',
  invite_required:
    'This instance is invite-only. Open the invite link an administrator sent you and choose single sign-on there.',
  invite_invalid: 'This invite link is invalid, expired or already used. Ask an administrator for a new one.',
} as const;

export type SsoErrorCode = keyof typeof SSO_ERROR_MESSAGES;

export const ssoErrorCodeSchema = z.enum(
  Object.keys(SSO_ERROR_MESSAGES) as [SsoErrorCode, ...SsoErrorCode[]],
);

/** The sentence for a `sso_error` query value; an unknown value gets the generic one. */
export const ssoErrorMessage = (code: string | null | undefined): string | null => {
  if (!code) return null;
  const parsed = ssoErrorCodeSchema.safeParse(code);
  return SSO_ERROR_MESSAGES[parsed.success ? parsed.data : 'provider'];
};

/** The `sso_error` after which a password sign-in goes on to link the identity (the login page's link step). */
export const SSO_LINK_ERROR: SsoErrorCode = 'link_required';

/** The login page's query when a single sign-on needs the two-factor code before the session opens. */
export const SSO_TOTP_QUERY = 'totp=required';

/**
 * GET /auth/providers: the sign-in methods besides the password, as the login page needs them. `createsAccounts`
 * says whether a first single sign-on may make an account (OIDC_AUTO_REGISTER; with an invite in invite mode),
 * so the invite's registration page offers the button only when it can work.
 */
export const authProvidersSchema = z.object({
  oidc: z.object({ label: z.string(), createsAccounts: z.boolean() }).nullable(),
});

/** `GET /auth/oidc/start?invite=...`: the invite a first single sign-on registers with, carried to the callback. */
export const oidcStartQuerySchema = z.object({
  invite: z.string().max(200).optional(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

export const SSO_MESSAGES = {
  providersFetched: 'Sign-in providers fetched successfully',
} as const;
