import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, EMAIL_MAX_LENGTH, MAX_PAGE_SIZE, NAME_MAX_LENGTH } from './limits';
import { MESSAGES } from './messages';
import { pathIdSchema } from './path-ids';
import { uploadTypesModeSchema } from './upload-config';
import { emailField, passwordField, roleSchema, userSchema } from './schemas';

/**
 * Accounts for real deployments: profile, password, sessions, two-factor sign-in (TOTP), access tokens,
 * account deletion, administration of accounts, password reset links, invites and who may register.
 * Every path is under /api/v1; each schema below names the path it belongs to.
 */

/** The most access tokens one account may hold; the next one is refused with 409. */
export const ACCESS_TOKENS_PER_ACCOUNT = 50;
/** The most sessions one account keeps: a new sign-in past it ends the least recently used. */
export const SESSIONS_PER_ACCOUNT = 100;

export const ACCOUNT_MESSAGES = {
  profileUpdated: 'Profile updated',
  passwordChanged: 'Password changed. Every other session has been signed out.',
  passwordChangedTokensRevoked:
    'Password changed. Every other session has been signed out and your access tokens revoked.',
  currentPasswordWrong: 'Current password is incorrect',
  sessionsFetched: 'Sessions fetched successfully',
  sessionEnded: 'Session signed out',
  otherSessionsEnded: 'Every other session has been signed out',
  sessionNotFound: 'Session not found',
  totpStatusFetched: 'Two-factor status fetched successfully',
  totpSetupStarted: 'Scan the QR code with your authenticator app, then enter a code to confirm',
  totpEnabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe: they are shown only once.',
  totpDisabled: 'Two-factor sign-in is off',
  totpAlreadyEnabled: 'Two-factor sign-in is already on',
  totpNotEnabled: 'Two-factor sign-in is not on',
  totpNoPendingSetup: 'Start two-factor set-up first',
  totpCodeInvalid: 'Invalid or already used code',
  totpRequired: 'Enter the code from your authenticator app',
  totpPendingMissing: 'Your sign-in has expired. Please sign in again.',
  codeRequired: 'Code is required',
  tokensFetched: 'Access tokens fetched successfully',
  tokenCreated: 'Access token created. Copy it now: it is shown only once.',
  tokenRevoked: 'Access token revoked',
  tokenNotFound: 'Access token not found',
  tokenLimitReached: `An account may hold at most ${ACCESS_TOKENS_PER_ACCOUNT} access tokens. Revoke one you no longer use first.`,
  tokenNameRequired: 'Token name is required',
  tokenExpiryPast: 'Expiry must be in the future',
  tokenInvalid: 'Invalid, expired or revoked access token',
  tokenReadOnly: 'This access token is read-only',
  bearerWithCookie: 'Send either an access token or a session cookie, not both',
  bearerNotAllowed: 'Sign in with your password to manage your account; access tokens cannot do this',
  adminNeedsSession: 'Administration needs a signed-in session; access tokens cannot administer',
  accountDeleted: 'Account deleted',
  deleteEmailMismatch: 'Type your account email to confirm',
  passwordWrong: 'Password is incorrect',
  accountDisabled: 'This account is disabled. Contact an administrator.',
  userUpdated: 'User updated successfully',
  userDeleted: 'User deleted successfully',
  lastAdmin:
    'The last administrator cannot be demoted, disabled or deleted. Make another administrator first.',
  nothingToUpdate: 'Nothing to update',
  resetLinkCreated: 'Reset link created. It works once, for 1 hour.',
  resetLinkInvalid: 'This reset link is invalid, has been used or has expired',
  passwordReset: 'Password set. Please sign in with your new password.',
  inviteCreated: 'Invite link created. It works once, for 7 days.',
  invitesCreated: 'Invite links created. Each works once, for 7 days.',
  inviteInvalid: 'This invite link is invalid, has been used or has expired',
  inviteRequired: 'Registration on this instance needs an invite link',
  inviteUsed: 'This invite link has already been used',
  inviteRevoked: 'This invite link has been revoked',
  inviteExpired: 'This invite link has expired',
  inviteOtherEmail: 'This invite link is for another email address',
  inviteEmailOneLink: 'An invite for an email address is one link',
  inviteRevokedDone: 'Invite revoked',
  invitesFetched: 'Invites fetched successfully',
  inviteFetched: 'Invite checked',
  inviteNotFound: 'Invite not found',
  registrationClosed: 'Registration on this instance is closed',
  registrationFetched: 'Registration mode fetched successfully',
  settingsFetched: 'Settings fetched successfully',
  settingsUpdated: 'Settings updated',
} as const;

/** How long a password reset link and an invite link stay valid. */
export const RESET_LINK_TTL_MS = 60 * 60_000;
export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000;
/** How long after a correct password the TOTP step may complete the sign-in. */
export const TOTP_PENDING_TTL_MS = 5 * 60_000;
export const RECOVERY_CODE_COUNT = 10;
export const TOKEN_NAME_MAX_LENGTH = 100;
/** Access tokens start with this, so a leaked one is recognisable (secret scanners, logs). */
export const ACCESS_TOKEN_PREFIX = 'cst_';

// ---------- profile: PATCH /users/me, POST /users/me/password, DELETE /users/me ----------

export const updateProfileBodySchema = z.object({
  name: z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(NAME_MAX_LENGTH),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

const anyPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(1024);

/**
 * `newPassword` must meet the registration password rule. Answers 200 `{ message }`; other sessions end, and
 * every access token too unless `revokeTokens` is false (a password that may have leaked may have made tokens).
 */
export const changePasswordBodySchema = z.object({
  currentPassword: anyPassword,
  newPassword: passwordField,
  revokeTokens: z.boolean().default(true),
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** Deleting your own account needs the password and the account's email typed out. Answers 200 `{ message }`. */
export const deleteAccountBodySchema = z.object({
  password: anyPassword,
  email: z.string({ error: ACCOUNT_MESSAGES.deleteEmailMismatch }).trim().toLowerCase().max(EMAIL_MAX_LENGTH),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

/** `GET /users/me/sessions` and `/users/me/tokens`: a page, newest first, like every list of the API. */
export const accountListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(1000).optional(),
});

// ---------- sessions: GET /users/me/sessions, DELETE /users/me/sessions/{id}, DELETE /users/me/sessions?others=1 ----------

export const accountSessionSchema = z.object({
  id: z.string(),
  /** e.g. "Firefox 133", "Chrome 131", "curl 8.5"; "Unknown browser" when the User-Agent says nothing useful. */
  browser: z.string(),
  /** e.g. "Windows", "macOS", "Android", "iOS", "Linux"; "Unknown OS" otherwise. */
  os: z.string(),
  /** Where the session was created from, truncated: IPv4 to its /24 ("203.0.113.0/24"), IPv6 to its /48. */
  address: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** True for the session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const sessionIdParamsSchema = z.object({ id: pathIdSchema(ACCOUNT_MESSAGES.sessionNotFound) });

/** `DELETE /users/me/sessions?others=1` signs out every session but the current one (the only form accepted). */
export const endSessionsQuerySchema = z.object({
  others: z.literal('1', { error: 'Add ?others=1 to sign out every other session' }),
});

// ---------- two-factor sign-in ----------

/** GET /users/me/totp */
export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 when two-factor sign-in is off). */
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type TotpStatus = z.infer<typeof totpStatusSchema>;

/** POST /users/me/totp (no body): a new secret, pending until confirmed; draw otpauthUrl as a QR code. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

const codeField = z
  .string({ error: ACCOUNT_MESSAGES.codeRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.codeRequired)
  .max(64);

/** POST /users/me/totp/enable, and POST /users/login/totp (there a recovery code is accepted too). */
export const totpCodeBodySchema = z.object({ code: codeField });
export type TotpCodeBody = z.input<typeof totpCodeBodySchema>;

/** Answer of POST /users/me/totp/enable: 10 single-use codes, shown this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** DELETE /users/me/totp: the password and a current TOTP code (or a recovery code). */
export const disableTotpBodySchema = z.object({ password: anyPassword, code: codeField });
export type DisableTotpBody = z.input<typeof disableTotpBodySchema>;

/**
 * POST /users/login answers `data` as the user when signed in, or `{ totpRequired: true }` with a short-lived
 * httpOnly pending cookie and no session: then POST /users/login/totp `{ code }` completes the sign-in and
 * answers the user.
 */
export const totpRequiredSchema = z.object({ totpRequired: z.literal(true) });
export const loginResultSchema = z.union([userSchema, totpRequiredSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;
export const isTotpRequired = (data: LoginResult): data is z.infer<typeof totpRequiredSchema> =>
  'totpRequired' in data;

// ---------- access tokens: POST/GET /users/me/tokens, DELETE /users/me/tokens/{id} ----------

export const tokenScopeSchema = z.enum(['read', 'read-write']);
export type TokenScope = z.infer<typeof tokenScopeSchema>;

export const createTokenBodySchema = z.object({
  name: z
    .string({ error: ACCOUNT_MESSAGES.tokenNameRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.tokenNameRequired)
    .max(TOKEN_NAME_MAX_LENGTH),
  scope: tokenScopeSchema,
  /** ISO-8601 instant in the future; absent or null = never expires. */
  expiresAt: z.iso
    .datetime({ offset: true })
    .nullish()
    .refine((v) => !v || Date.parse(v) > Date.now(), ACCOUNT_MESSAGES.tokenExpiryPast),
});
export type CreateTokenBody = z.input<typeof createTokenBodySchema>;

export const accessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: tokenScopeSchema,
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** Answer of POST /users/me/tokens: `token` is shown this once; send it as `Authorization: Bearer <token>`. */
export const createdAccessTokenSchema = accessTokenSchema.extend({ token: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

export const tokenIdParamsSchema = z.object({ id: pathIdSchema(ACCOUNT_MESSAGES.tokenNotFound) });

// ---------- administration ----------

/** PATCH /admin/users/{id}: at least one field. Answers the user (`userSchema`, `disabled` included). */
export const adminUpdateUserBodySchema = z
  .object({
    disabled: z.boolean().optional(),
    role: roleSchema.optional(),
    /** The account's own storage quota in bytes; null removes any limit. */
    quotaBytes: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  })
  .refine(
    (b) => b.disabled !== undefined || b.role !== undefined || b.quotaBytes !== undefined,
    ACCOUNT_MESSAGES.nothingToUpdate,
  );
export type AdminUpdateUserBody = z.input<typeof adminUpdateUserBodySchema>;

/**
 * Answer of POST /admin/users/{id}/reset-link and POST /admin/invites: a path on this instance
 * (`/reset/{token}` or `/register?invite={token}`), absolute when PUBLIC_ORIGIN is set; and when it stops working.
 */
export const oneTimeLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type OneTimeLink = z.infer<typeof oneTimeLinkSchema>;

/** How many invite links an administrator may make at once (a team joining together). */
export const MAX_INVITES_AT_ONCE = 20;

/**
 * POST /admin/invites: how many links to make (1 without a body), or one link that only `email` may use (the
 * registration must be for that address).
 */
export const createInvitesBodySchema = z
  .object({
    count: z.number().int().min(1).max(MAX_INVITES_AT_ONCE).default(1),
    email: emailField.optional(),
  })
  .refine((b) => b.email === undefined || b.count === 1, ACCOUNT_MESSAGES.inviteEmailOneLink)
  .nullish();
export type CreateInvitesBody = z.input<typeof createInvitesBodySchema>;

/**
 * Answer of POST /admin/invites: the first link where a single invite has always been (`url`, `expiresAt`),
 * and every link made, the first included, in `invites`.
 */
export const createdInvitesSchema = oneTimeLinkSchema.extend({ invites: z.array(oneTimeLinkSchema) });
export type CreatedInvites = z.infer<typeof createdInvitesSchema>;

/** An invite not yet used, revoked or expired, as administrators see it (never its link: only a hash is kept). */
export const outstandingInviteSchema = z.object({
  _id: z.string(),
  /** Only this address may use it; null for anyone holding the link. */
  email: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.object({ _id: z.string(), name: z.string() }),
});
export type OutstandingInvite = z.infer<typeof outstandingInviteSchema>;

export const inviteIdParamsSchema = z.object({ id: pathIdSchema(ACCOUNT_MESSAGES.inviteNotFound) });

/** What an invite link is now, for the registration page to say before the form is sent. */
export const INVITE_STATES = ['usable', 'used', 'revoked', 'expired', 'invalid'] as const;
export type InviteState = (typeof INVITE_STATES)[number];
export const inviteStatusSchema = z.object({
  state: z.enum(INVITE_STATES),
  /** The address a usable invite is bound to, to fill the form with. */
  email: z.string().nullable(),
});
export type InviteStatus = z.infer<typeof inviteStatusSchema>;
export const inviteTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** POST /users/reset (public): sets the password and signs out every session of the account. */
export const resetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  newPassword: passwordField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

// ---------- who may register ----------

export const registrationModeSchema = z.enum(['open', 'invite', 'closed']);
export type RegistrationMode = z.infer<typeof registrationModeSchema>;

/** GET /users/registration (public): what the Register page should offer. */
export const registrationInfoSchema = z.object({ mode: registrationModeSchema });

/**
 * GET and PATCH /admin/settings. Each `...Source` says whether its value comes from the database (an
 * administrator stored it) or from the environment (REGISTRATION, ALLOWED_UPLOAD_TYPES).
 */
/**
 * Whom the share dialog finds when someone types: `connected` (the default) people who share a group with them
 * or who already share with them, by the start of a name or email, and anyone else only by their exact email;
 * `everyone` every account by the start of a name or email, as some teams want.
 */
export const peopleDirectoryModeSchema = z.enum(['connected', 'everyone']);
export type PeopleDirectoryMode = z.infer<typeof peopleDirectoryModeSchema>;

export const instanceSettingsSchema = z.object({
  registration: registrationModeSchema,
  registrationSource: z.enum(['database', 'environment']),
  allowedUploadTypes: uploadTypesModeSchema,
  allowedUploadTypesSource: z.enum(['database', 'environment']),
  peopleDirectory: peopleDirectoryModeSchema,
});
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;
/** PATCH /admin/settings: the settings to store, one or more; those left out keep their values. */
export const updateSettingsBodySchema = z
  .object({
    registration: registrationModeSchema.optional(),
    allowedUploadTypes: uploadTypesModeSchema.optional(),
    peopleDirectory: peopleDirectoryModeSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Name a setting to change',
  });
export type UpdateSettingsBody = z.input<typeof updateSettingsBodySchema>;

/**
 * A cookie the page can read (the session cookie itself is httpOnly), set and cleared with the session: it holds
 * nothing secret, and only tells the web app that a session may exist, so a signed-out visitor's guest pages
 * need not ask who is signed in (and get a 401) on every visit.
 */
export const SESSION_HINT_COOKIE = 'cloudstash_signed_in';
