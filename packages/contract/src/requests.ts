import { z } from 'zod';
import { LINK_LABEL_MAX_LENGTH, LINK_MESSAGES, LINK_PASSWORD_MIN_LENGTH } from './links';
import { PASSWORD_MAX_LENGTH } from './limits';
import { cleanLabel } from './names';
import { pathIdSchema } from './path-ids';

/**
 * Upload links (file requests): a link through which anyone, without an account, drops files into one folder.
 * The files are the folder owner's and count against the owner's quota; the visitor sees only what they sent.
 */

export const REQUEST_MESSAGE_MAX_LENGTH = 2000;
export const UPLOADER_NAME_MAX_LENGTH = 100;
export const REQUEST_MAX_FILES = 100_000;

export const REQUEST_MESSAGES = {
  created: 'Upload link created',
  listed: 'Upload links fetched',
  updated: 'Upload link updated',
  closed: 'Upload link closed',
  fetched: 'Upload link fetched',
  uploadsListed: 'Uploads fetched',
  notFound: 'Upload link not found',
  labelRequired: 'Give the upload link a label',
  maxFiles: `The file limit must be a whole number from 1 to ${REQUEST_MAX_FILES}`,
  maxBytes: 'The size limit must be a whole number of bytes, at least 1',
  uploaderNameRequired: 'Enter your name',
  uploaded: 'File uploaded',
  filesLimit: 'This upload link takes no more files',
  bytesLimit: 'This file does not fit in what the upload link still takes',
} as const;

const label = z
  .string({ error: REQUEST_MESSAGES.labelRequired })
  .trim()
  .max(LINK_LABEL_MAX_LENGTH)
  .transform((text) => cleanLabel(text, LINK_LABEL_MAX_LENGTH))
  .refine((text) => text.length > 0, REQUEST_MESSAGES.labelRequired);
const message = z.string().trim().max(REQUEST_MESSAGE_MAX_LENGTH);
const maxFiles = z
  .number({ error: REQUEST_MESSAGES.maxFiles })
  .int(REQUEST_MESSAGES.maxFiles)
  .min(1, REQUEST_MESSAGES.maxFiles)
  .max(REQUEST_MAX_FILES, REQUEST_MESSAGES.maxFiles);
const maxBytes = z
  .number({ error: REQUEST_MESSAGES.maxBytes })
  .int(REQUEST_MESSAGES.maxBytes)
  .min(1, REQUEST_MESSAGES.maxBytes)
  .max(Number.MAX_SAFE_INTEGER, REQUEST_MESSAGES.maxBytes);
const password = z
  .string()
  .min(LINK_PASSWORD_MIN_LENGTH, LINK_MESSAGES.linkPasswordTooShort)
  .max(PASSWORD_MAX_LENGTH);
const expiresAt = z.iso.datetime({ offset: true });

/** POST /folders/{id}/requests. */
export const createRequestBodySchema = z.object({
  label,
  password: password.optional(),
  expiresAt: expiresAt.optional(),
  maxFiles: maxFiles.optional(),
  maxBytes: maxBytes.optional(),
  message: message.optional(),
});
export type CreateRequestBody = z.input<typeof createRequestBodySchema>;

/** PATCH /requests/{id}: what is sent changes; null removes a password, an expiry or a limit. */
export const updateRequestBodySchema = z.object({
  label: label.optional(),
  password: password.nullable().optional(),
  expiresAt: expiresAt.nullable().optional(),
  maxFiles: maxFiles.nullable().optional(),
  maxBytes: maxBytes.nullable().optional(),
  message: message.nullable().optional(),
});
export type UpdateRequestBody = z.input<typeof updateRequestBodySchema>;

export const REQUEST_STATES = ['active', 'expired', 'used up', 'closed'] as const;

/** An upload link as its owner sees it. */
export const uploadRequestSchema = z.object({
  _id: z.string(),
  /** Empty, with `url`, when the instance's app secret changed since it was made (it still works). */
  token: z.string(),
  /** The visitor page, /r/{token}. */
  url: z.string(),
  folderId: z.string(),
  folderName: z.string(),
  label: z.string(),
  message: z.string().nullable(),
  hasPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  maxFiles: z.number().int().nullable(),
  maxBytes: z.number().int().nullable(),
  filesReceived: z.number().int(),
  bytesReceived: z.number().int(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  state: z.enum(REQUEST_STATES),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export const requestIdParamsSchema = z.object({ id: pathIdSchema(REQUEST_MESSAGES.notFound) });

/** A file received through an upload link, for its owner. */
export const requestUploadSchema = z.object({
  _id: z.string(),
  filename: z.string(),
  size: z.number().int(),
  /** 'Uploaded by {name} through {label}'. */
  note: z.string(),
  createdAt: z.string(),
});
export type RequestUpload = z.infer<typeof requestUploadSchema>;

/** What a visitor of an upload link learns: everything once unlocked, only that a password is needed before. */
export const requestVisitSchema = z.union([
  z.object({ passwordRequired: z.literal(true) }),
  z.object({
    passwordRequired: z.literal(false),
    ownerName: z.string(),
    label: z.string(),
    message: z.string().nullable(),
    expiresAt: z.string().nullable(),
    /** null when the link has no such limit. */
    filesLeft: z.number().int().nullable(),
    bytesLeft: z.number().int().nullable(),
    /** The instance's limit for one file. */
    maxFileBytes: z.number().int(),
  }),
]);
export type RequestVisit = z.infer<typeof requestVisitSchema>;

/** Form fields of POST /r/{token}/files besides the file; tus carries `uploaderName` in its metadata. */
export const uploaderNameSchema = z
  .string({ error: REQUEST_MESSAGES.uploaderNameRequired })
  .trim()
  .min(1, REQUEST_MESSAGES.uploaderNameRequired)
  .max(UPLOADER_NAME_MAX_LENGTH)
  .transform((name) => cleanLabel(name, UPLOADER_NAME_MAX_LENGTH))
  .refine((name) => name.length > 0, REQUEST_MESSAGES.uploaderNameRequired);

/** What the visitor is told of a file they sent. */
export const requestReceiptSchema = z.object({
  _id: z.string(),
  filename: z.string(),
  size: z.number().int(),
});
export type RequestReceipt = z.infer<typeof requestReceiptSchema>;
