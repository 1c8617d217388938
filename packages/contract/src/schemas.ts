import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  EMAIL_MAX_LENGTH,
  FILENAME_MAX_LENGTH,
  MAX_PAGE_SIZE,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './limits';
import { FILE_CATEGORIES } from './media';
import { MESSAGES } from './messages';
import { folderPathItemSchema, folderQueryValue } from './folders';
import { pathIdSchema } from './path-ids';
import { itemPermissionsSchema } from './permissions';

// ---------- entities ----------

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** A disabled account cannot sign in; its sessions and access tokens stop working. */
  disabled: z.boolean().optional(),
  /** The account's storage quota in bytes (null: none); sent where an administrator manages the account. */
  quotaBytes: z.number().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Who uploaded a file. Public lists carry only _id and name: an uploader's email is not public. */
export const uploaderSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().optional(),
  role: roleSchema.optional(),
});
export type Uploader = z.infer<typeof uploaderSchema>;

/**
 * Who put a file where it is, which is not always whose it is: a colleague's upload into a shared folder is
 * the folder owner's file (their quota, their tree), sent by the colleague.
 */
export const fileUploaderSchema = z.object({
  /** The account that uploaded it; null for a visitor of an upload link, who has none. */
  _id: z.string().nullable(),
  /** Their name, or the name the link's visitor gave; 'Unknown User' once the account is gone. */
  name: z.string(),
  /** The web app (or the API with a session), an app or sync client signed in with an access token, or a link. */
  via: z.enum(['app', 'client', 'link']),
  /** For `client`, to the owner and administrators: the access token's name (which app or device it was). */
  client: z.string().optional(),
});
export type FileUploader = z.infer<typeof fileUploaderSchema>;

export const fileSchema = z.object({
  _id: z.string(),
  filename: z.string(),
  /** The name a download of the file is saved under (the one filename shows, with the extension it needs). */
  downloadName: z.string(),
  mimetype: z.string(),
  size: z.number().int().nonnegative(),
  isPublic: z.boolean(),
  downloadCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Where the bytes are served for preview: /api/v1/files/f/{id}/content */
  url: z.string(),
  /**
   * The file's 256 px WebP thumbnail, /api/v1/files/f/{id}/thumbnail (add `?size=1024` for the large one);
   * null while none exists (not made yet, or a type that has none).
   */
  thumbnailUrl: z.string().nullable(),
  /**
   * True while the thumbnails are still being made (queued or in progress), so a client showing the list can
   * ask again later; false once they exist, or when none will come (a type without one, or bytes that failed).
   */
  thumbnailPending: z.boolean(),
  /**
   * The file's owner (the spec's uploader: files are their owner's uploads); null when the account no longer
   * exists, shown as 'Unknown User'.
   */
  uploadedBy: uploaderSchema.nullable(),
  /**
   * Who actually put the file here, shown as Uploaded By, with the owner beside where the two differ. Null
   * where that is not known (a file that came through an upload link before this was recorded), and for an
   * upload link's visitor to anyone but the owner and administrators, as the visitor's name was given to them.
   */
  uploader: fileUploaderSchema.nullable(),
  /** The folder holding the file; null at the top. */
  folderId: z.string().nullable(),
  /**
   * The modification time a WebDAV client gave the bytes (X-OC-Mtime, Win32LastModifiedTime), when one did;
   * absent for bytes whose time is their upload's.
   */
  modifiedAt: z.string().optional(),
  /** For its owner (and administrators): who sent a file that came through an upload link, and through which. */
  uploadNote: z.string().optional(),
  /**
   * In a search of all the caller's folders: the folders from the top down to the one holding the file (itself
   * included), so a hit says where it is. Absent elsewhere, and for a file at the top.
   */
  folderPath: z.array(folderPathItemSchema).optional(),
  /** What the caller may do with this file (the access policy's answer). */
  permissions: itemPermissionsSchema,
});
export type StoredFile = z.infer<typeof fileSchema>;

/** One file of a batch upload: stored (201, the file) or refused (the status and words a single upload gets). */
export const batchUploadResultSchema = z.union([
  z.object({ status: z.literal(201), file: fileSchema }),
  z.object({ status: z.number().int(), code: z.string(), message: z.string() }),
]);
export type BatchUploadResult = z.infer<typeof batchUploadResultSchema>;

/** A batch upload's answer: one result per file part read, in the order they came. */
export const batchUploadSchema = z.object({ results: z.array(batchUploadResultSchema) });
export type BatchUpload = z.infer<typeof batchUploadSchema>;

export const userFileStatsSchema = z.object({
  totalFiles: z.number(),
  totalStorageUsed: z.number(),
  totalPublicFiles: z.number(),
  totalDownloadCount: z.number(),
  /** The account's storage quota in bytes, measured against totalStorageUsed; absent when it has none. */
  quotaBytes: z.number().optional(),
  /**
   * Earlier versions the account's files keep, and their bytes (included in totalStorageUsed); absent while
   * there are none.
   */
  totalVersions: z.number().optional(),
  versionBytes: z.number().optional(),
  /** Bytes of the account's items in Trash (included in totalStorageUsed); absent while there are none. */
  trashBytes: z.number().optional(),
});
export type UserFileStats = z.infer<typeof userFileStatsSchema>;

export const adminUserStatsSchema = userFileStatsSchema.extend({ user: userSchema });
export type AdminUserStats = z.infer<typeof adminUserStatsSchema>;

export const storageStatsSchema = z.object({
  totalLogicalSize: z.number(),
  totalPhysicalSize: z.number(),
  storageSaved: z.number(),
  /**
   * Bytes of every stored thumbnail, counted once per content like the blobs and not included in
   * totalPhysicalSize (so storageSaved still compares uploads with their stored copies). The server always
   * sends it; optional so that figures computed before thumbnails existed still parse.
   */
  thumbnailBytes: z.number().optional(),
  /**
   * Earlier versions of files the instance keeps, and their logical bytes (included in totalLogicalSize; bytes
   * already stored for another file or version add nothing physical); absent while there are none.
   */
  totalVersions: z.number().optional(),
  versionBytes: z.number().optional(),
  /**
   * Logical bytes of the items in every account's trash (included in totalLogicalSize, their blobs stay
   * stored until purged); absent while there are none.
   */
  trashBytes: z.number().optional(),
  totalFilesUploaded: z.number(),
  uniqueFilesStored: z.number(),
  totalUsers: z.number(),
  // The content stored most often: its SHA-256, how many files hold it, and one of those files (id, name, url).
  // publicId is the spec's name for the content's identity and carries the same value as sha256, so a client
  // written against the spec's (publicId, count, url) still finds it.
  mostDuplicatedFile: z
    .object({
      publicId: z.string(),
      sha256: z.string(),
      fileId: z.string(),
      filename: z.string(),
      count: z.number(),
      url: z.string(),
    })
    .nullable(),
  topUploader: z.object({ userId: z.string(), name: z.string(), uploads: z.number() }).nullable(),
});
export type StorageStats = z.infer<typeof storageStatsSchema>;

/** Tiles of the public files screen, computed by the server over every public file, not one page. */
export const publicFilesSummarySchema = z.object({
  totalFiles: z.number(),
  images: z.number(),
  videos: z.number(),
  documents: z.number(),
  others: z.number(),
  totalSize: z.number(),
  downloads: z.number(),
  contributors: z.number(),
});
export type PublicFilesSummary = z.infer<typeof publicFilesSummarySchema>;

/** Tiles of the admin "All Files" screen. */
export const adminFilesSummarySchema = z.object({
  totalFiles: z.number(),
  publicFiles: z.number(),
  privateFiles: z.number(),
  totalSize: z.number(),
  downloads: z.number(),
  activeUsers: z.number(),
});
export type AdminFilesSummary = z.infer<typeof adminFilesSummarySchema>;

/** Tiles of the admin "User Management" screen. */
export const usersSummarySchema = z.object({
  totalUsers: z.number(),
  admins: z.number(),
  regularUsers: z.number(),
});
export type UsersSummary = z.infer<typeof usersSummarySchema>;

export const downloadLinkSchema = z.object({ url: z.string() });

// ---------- requests ----------

export const emailField = z
  .string({ error: MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, MESSAGES.emailInvalid)
  // The pattern a browser's type=email field uses, so the server accepts every address the form lets through
  // (admin@localhost, a!b@x.io) and both sides refuse the same ones.
  .pipe(z.email({ pattern: z.regexes.html5Email, error: MESSAGES.emailInvalid }));

/** The password rule: at least 8 characters, a digit, a lower-case and an upper-case letter. */
export const passwordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong)
  .refine(
    (p) =>
      [...p].length >= PASSWORD_MIN_LENGTH && /\p{Nd}/u.test(p) && /\p{Ll}/u.test(p) && /\p{Lu}/u.test(p),
    MESSAGES.passwordRule,
  );

export const registerBodySchema = z.object({
  name: z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(NAME_MAX_LENGTH),
  email: emailField,
  password: passwordField,
  /** The web app sends "user"; the server ignores it (the first account is admin, later ones users). */
  role: z.string().optional(),
  /** The token of an invite link (`/register?invite=...`); needed when registration is by invite. */
  invite: z.string().max(200).optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailField,
  // No account can have a longer password (registration refuses it), so a longer one is refused unhashed,
  // and the answer names the limit: the `error` given to z.string would otherwise word every issue.
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** isPublic travels as form text ("true"/"false"); JSON booleans are accepted too. */
export const booleanText = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1');

export const updateFileBodySchema = z
  .object({
    filename: z
      .string({ error: MESSAGES.editFilenameRequired })
      .trim()
      .min(1, MESSAGES.editFilenameRequired)
      .max(FILENAME_MAX_LENGTH, MESSAGES.filenameTooLong)
      .optional(),
    isPublic: booleanText.optional(),
    /** Moves the file: a folder's id, or null (or 'root') for the top. */
    folderId: z.union([z.null(), folderQueryValue]).optional(),
  })
  // The spec's edit always names the file; only a move may leave the name as it is.
  .refine((body) => body.filename !== undefined || body.folderId !== undefined, {
    path: ['filename'],
    error: MESSAGES.editFilenameRequired,
  });

export const fileIdParamsSchema = z.object({ id: pathIdSchema(MESSAGES.fileNotFound) });
export const userIdParamsSchema = z.object({ id: pathIdSchema(MESSAGES.userNotFound) });

/** Which thumbnail to send: 256 px on the long side (lists) or 1024 px (previews). */
export const thumbnailQuerySchema = z.object({ size: z.enum(['256', '1024']).default('256') });

export const SORT_FIELDS = ['filename', 'uploader', 'size', 'downloadCount', 'createdAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

/**
 * Optional narrowing of every file list. Without any of it a list answers the
 * newest files first, one page at a time; `meta.nextCursor` fetches the next page.
 */
export const fileListQuerySchema = z.object({
  /** Free text: filename or uploader name (admins: also uploader email). */
  q: z.string().trim().max(200).optional(),
  category: z.enum(FILE_CATEGORIES).optional(),
  /** Uploader name contains this text. */
  uploader: z.string().trim().max(200).optional(),
  /** Uploader id, exact (admin "user" filter). */
  userId: z.string().max(100).optional(),
  /** File id contains this text. */
  id: z.string().trim().max(100).optional(),
  /** Media type contains this text (admin "file type" filter). */
  type: z.string().trim().max(100).optional(),
  visibility: z.enum(['public', 'private']).optional(),
  sort: z.enum(SORT_FIELDS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(1000).optional(),
  /** Only the files directly in this folder ('root' for the top); absent: every file in the scope. */
  folderId: folderQueryValue.optional(),
});
export type FileListQuery = z.input<typeof fileListQuerySchema>;
export type FileListParams = z.output<typeof fileListQuerySchema>;

export const userListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(1000).optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

// ---------- envelopes ----------

export const pageMetaSchema = z.object({
  /** How many items match the filters, across all pages; with `totalCapped`, how many at least. */
  total: z.number(),
  /**
   * Present (true) when counting stopped at `total` and more items match: a file list searched by text
   * (`q`, `uploader`, `id`, `type`) counts its matches up to the server's SEARCH_COUNT_LIMIT (1000 by default),
   * since counting every match of a common word costs as much as reading every file.
   */
  totalCapped: z.literal(true).optional(),
  /** Pass as `cursor` to get the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const messageSchema = z.object({ message: z.string() });

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string(), data });
}

export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ message: z.string(), data: z.array(item), meta: pageMetaSchema });
}

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(errorDetailSchema).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export interface Envelope<T> {
  message: string;
  data: T;
}
export interface Page<T> {
  message: string;
  data: T[];
  meta: PageMeta;
}
