import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PASSWORD_MAX_LENGTH } from './limits';
import { cleanLabel } from './names';
import { pathIdSchema } from './path-ids';
import { itemPermissionsSchema } from './permissions';

/** Share links: a file reaches someone without an account, with an optional password, expiry and limit. */

export const LINK_MAX_DOWNLOADS = 1_000_000;
export const LINK_LABEL_MAX_LENGTH = 100;
/** Shorter passwords fall to guessing within the unlock limits' reach; longer ones are up to the owner. */
export const LINK_PASSWORD_MIN_LENGTH = 6;

export const LINK_MESSAGES = {
  linkCreated: 'Share link created',
  linksFetched: 'Share links fetched',
  linkRevoked: 'Share link revoked',
  linkFetched: 'Share link fetched',
  linkUnlocked: 'Link unlocked',
  downloadsFetched: 'Downloads fetched',
  linkUnavailable: 'This link is no longer available',
  linkPasswordRequired: 'This link is protected by a password',
  linkPasswordWrong: 'Wrong password',
  linkPasswordEmpty: 'Enter the password',
  linkPasswordTooShort: `A link password must be at least ${LINK_PASSWORD_MIN_LENGTH} characters`,
  linkTooManyAttempts: 'Too many wrong passwords. Please wait and try again.',
  linkNotFound: 'Share link not found',
  linkExpiryPast: 'The expiry must be in the future',
  linkMaxDownloads: `The download limit must be a whole number from 1 to ${LINK_MAX_DOWNLOADS}`,
  linkLimitHint:
    'Leave empty for no limit. Only downloads count: previews and partial reads (playing a video, resuming a download) do not.',
  linkPrivateStillShared: 'Making a file private does not end its share links: revoke them here.',
} as const;

export const LINK_STATES = ['active', 'expired', 'used up', 'revoked'] as const;
export type LinkState = (typeof LINK_STATES)[number];

export const linkSchema = z.object({
  _id: z.string(),
  /**
   * The secret part of the visitor address, shown only to the owner and admins. Empty (and `url` too) when the
   * instance's app secret changed since the link was made: the link still works, its address cannot be shown.
   */
  token: z.string(),
  /** The visitor page, /s/{token} (absolute when PUBLIC_ORIGIN is set). */
  url: z.string(),
  /** What the link shares: one file, or a folder with everything below it. */
  kind: z.enum(['file', 'folder']),
  /** The shared file (null for a folder link). */
  fileId: z.string().nullable(),
  /** The shared folder (null for a file link). */
  folderId: z.string().nullable(),
  /** The shared file's or folder's current name, for lists. */
  filename: z.string(),
  /** The owner's name (admin list). */
  ownerName: z.string().nullable(),
  label: z.string().nullable(),
  hasPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  maxDownloads: z.number().int().nullable(),
  downloads: z.number().int(),
  lastDownloadAt: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  state: z.enum(LINK_STATES),
});
export type Link = z.infer<typeof linkSchema>;

export const createLinkBodySchema = z.object({
  password: z
    .string()
    .min(LINK_PASSWORD_MIN_LENGTH, LINK_MESSAGES.linkPasswordTooShort)
    .max(PASSWORD_MAX_LENGTH)
    .optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  maxDownloads: z
    .number({ error: LINK_MESSAGES.linkMaxDownloads })
    .int(LINK_MESSAGES.linkMaxDownloads)
    .min(1, LINK_MESSAGES.linkMaxDownloads)
    .max(LINK_MAX_DOWNLOADS, LINK_MESSAGES.linkMaxDownloads)
    .optional(),
  /** Cleaned like a name: what is stored and shown carries no controls or direction tricks. */
  label: z
    .string()
    .trim()
    .max(LINK_LABEL_MAX_LENGTH)
    .transform((label) => cleanLabel(label, LINK_LABEL_MAX_LENGTH))
    .optional(),
});
export type CreateLinkBody = z.input<typeof createLinkBodySchema>;

export const linkIdParamsSchema = z.object({ linkId: pathIdSchema(LINK_MESSAGES.linkNotFound) });
/** A token is 43 base64url characters; anything else cannot be a link. */
export const linkTokenParamsSchema = z.object({ token: pathIdSchema(LINK_MESSAGES.linkUnavailable) });

export const linkListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(1000).optional(),
});
export type LinkListQuery = z.input<typeof linkListQuerySchema>;

/** A file as a visitor of a folder link sees it in the folder's list. */
export const sharedFolderFileSchema = z.object({
  _id: z.string(),
  filename: z.string(),
  downloadName: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /** Through the link: /api/v1/s/{token}/files/{id}/thumbnail; null when the file has none. */
  thumbnailUrl: z.string().nullable(),
  /** What the link lets its visitor do with the file (the access policy's answer: see and download). */
  permissions: itemPermissionsSchema,
});
export type SharedFolderFile = z.infer<typeof sharedFolderFileSchema>;

/** One folder below a folder link, as its visitor sees it. */
export const sharedFolderViewSchema = z.object({
  passwordRequired: z.literal(false),
  kind: z.literal('folder'),
  folder: z.object({ _id: z.string(), name: z.string() }),
  /** From the shared folder down to this one's parent; empty at the shared folder. Never anything above it. */
  path: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** Its subfolders, each with what the link lets its visitor do with it. */
  folders: z.array(z.object({ _id: z.string(), name: z.string(), permissions: itemPermissionsSchema })),
  /** A page of the folder's files by name; `nextCursor` asks for the next (`?cursor=`), null at the end. */
  files: z.array(sharedFolderFileSchema),
  nextCursor: z.string().nullable(),
  ownerName: z.string(),
  expiresAt: z.string().nullable(),
  /** Each file downloaded through the link counts one; null when the link has no limit. */
  downloadsLeft: z.number().int().nullable(),
});
export type SharedFolderView = z.infer<typeof sharedFolderViewSchema>;

/** GET /s/{token}?folderId=: a folder below the shared one (absent: the shared folder itself). */
export const sharedVisitQuerySchema = z.object({
  folderId: z.string().min(1).max(100).optional(),
  cursor: z.string().max(1000).optional(),
});

/** What a visitor learns about a link: everything once unlocked, only that a password is needed before. */
export const sharedFileSchema = z.union([
  z.object({ passwordRequired: z.literal(true) }),
  sharedFolderViewSchema,
  z.object({
    passwordRequired: z.literal(false),
    kind: z.literal('file'),
    filename: z.string(),
    /** The name a download is saved under, {name}.{ext}. */
    downloadName: z.string(),
    mimetype: z.string(),
    size: z.number().int(),
    ownerName: z.string(),
    expiresAt: z.string().nullable(),
    /** null when the link has no limit. */
    downloadsLeft: z.number().int().nullable(),
    /** The file's 256 px thumbnail through the link, /api/v1/s/{token}/thumbnail (`?size=1024`); null when none. */
    thumbnailUrl: z.string().nullable(),
  }),
]);
export type SharedFile = z.infer<typeof sharedFileSchema>;

export const unlockBodySchema = z.object({
  password: z
    .string({ error: LINK_MESSAGES.linkPasswordEmpty })
    .min(1, LINK_MESSAGES.linkPasswordEmpty)
    .max(1024),
});

export const sharedContentQuerySchema = z.object({ download: z.enum(['1', 'true']).optional() });

/** A file below a folder link: /s/{token}/files/{fileId}/... */
export const sharedFileParamsSchema = z.object({
  token: pathIdSchema(LINK_MESSAGES.linkUnavailable),
  fileId: pathIdSchema(LINK_MESSAGES.linkUnavailable),
});
export const sharedZipParamsSchema = z.object({
  token: pathIdSchema(LINK_MESSAGES.linkUnavailable),
  selectionId: pathIdSchema(LINK_MESSAGES.linkUnavailable),
});

export const downloadHistorySchema = z.object({
  /** The last 30 days, oldest first, each day as YYYY-MM-DD (UTC). */
  days: z.array(z.object({ date: z.string(), count: z.number().int() })),
  /** Downloads over those 30 days. */
  total: z.number().int(),
});
export type DownloadHistory = z.infer<typeof downloadHistorySchema>;
