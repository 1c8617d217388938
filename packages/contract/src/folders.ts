import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits';
import { isStorableExactName } from './names';
import { pathIdSchema } from './path-ids';
import { itemPermissionsSchema } from './permissions';

export const FOLDER_NAME_MAX_LENGTH = 255;
/** How deep folders may nest below the top: deep enough for any real tree, bounded for every walk up it. */
export const FOLDER_MAX_DEPTH = 64;

export const FOLDER_MESSAGES = {
  created: 'Folder created successfully',
  fetched: 'Folder fetched successfully',
  listed: 'Folders fetched successfully',
  updated: 'Folder updated successfully',
  deleted: 'Folder deleted successfully',
  notFound: 'Folder not found',
  viewOnly: 'You can view this folder but not change it',
  nameRequired: 'Folder name is required',
  nameTooLong: `Folder name must be at most ${FOLDER_NAME_MAX_LENGTH} characters`,
  nameInvalid: 'A folder name cannot contain /, \\, control characters or invisible marks',
  nameDots: 'A folder name cannot be . or ..',
  nameTaken: 'A folder with this name already exists here',
  intoItself: 'A folder cannot be moved into itself',
  tooDeep: `Folders can be nested at most ${FOLDER_MAX_DEPTH} levels deep`,
  batchDone: 'Items updated successfully',
  batchDeleted: 'Items deleted successfully',
  zipReady: 'Download is ready',
  nothingSelected: 'Select at least one file or folder',
} as const;

/**
 * A folder's name: trimmed, 1–255 characters, and the rule of every name kept as given (isStorableExactName):
 * never a path (no slash or backslash), no controls, line breaks, direction marks or zero-width characters, and
 * not made of dots alone (. and .. get a message of their own). Refused rather than cleaned, so the name a person
 * typed is the name they see, or they are told why not.
 */
export const folderNameSchema = z
  .string({ error: FOLDER_MESSAGES.nameRequired })
  .trim()
  .min(1, FOLDER_MESSAGES.nameRequired)
  .refine((name) => [...name].length <= FOLDER_NAME_MAX_LENGTH, FOLDER_MESSAGES.nameTooLong)
  .refine((name) => name === '.' || name === '..' || isStorableExactName(name), FOLDER_MESSAGES.nameInvalid)
  .refine((name) => name !== '.' && name !== '..', FOLDER_MESSAGES.nameDots);

/** A folder id in a body or query: null (or 'root' in a query) names the top. */
const folderRef = z.string().min(1).max(100);

export const folderSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** null at the top. */
  parentId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may do with this folder (the access policy's answer). */
  permissions: itemPermissionsSchema,
});
export type Folder = z.infer<typeof folderSchema>;

export const folderPathItemSchema = z.object({ _id: z.string(), name: z.string() });
export type FolderPathItem = z.infer<typeof folderPathItemSchema>;

/** A folder found by a search of the tree: with the folders above it, from the top down. */
export const folderHitSchema = folderSchema.extend({ path: z.array(folderPathItemSchema).optional() });
export type FolderHit = z.infer<typeof folderHitSchema>;

export const folderWithPathSchema = folderSchema.extend({
  /**
   * The folder's ancestors from the top down, without the folder itself. Someone the folder is shared with sees
   * the path from the shared folder down, never the owner's folders above it.
   */
  path: z.array(folderPathItemSchema),
  /** What the viewer may do here: 'owner', a share's 'editor' or 'viewer', or 'admin' (moderation). */
  access: z.enum(['owner', 'editor', 'viewer', 'admin']),
  /** Whose folder it is. */
  owner: z.object({ _id: z.string(), name: z.string() }),
});
export type FolderWithPath = z.infer<typeof folderWithPathSchema>;

export const createFolderBodySchema = z.object({
  name: folderNameSchema,
  parentId: folderRef.nullable().optional(),
});

export const updateFolderBodySchema = z.object({
  name: folderNameSchema.optional(),
  parentId: folderRef.nullable().optional(),
});
export type UpdateFolderBody = z.input<typeof updateFolderBodySchema>;

export const folderIdParamsSchema = z.object({ id: pathIdSchema(FOLDER_MESSAGES.notFound) });

/** `root` (or nothing) for the top, else a folder's id. */
export const folderQueryValue = z
  .string()
  .min(1)
  .max(100)
  .transform((v) => (v === 'root' ? null : v));

export const folderListQuerySchema = z.object({
  parentId: folderQueryValue.optional(),
  /**
   * Folders anywhere in the caller's own tree whose name contains this (ignoring case), each with its `path`,
   * instead of one folder's subfolders: the first `limit` by name, and how many match.
   */
  q: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(1000).optional(),
});

const idList = z.array(z.string().min(1).max(100)).max(10_000).default([]);

export const batchBodySchema = z.object({
  action: z.enum(['move', 'delete']),
  fileIds: idList,
  folderIds: idList,
  /** Where a move puts everything: null for the top. */
  targetFolderId: folderRef.nullable().optional(),
});
export type BatchBody = z.input<typeof batchBodySchema>;

export const batchResultSchema = z.object({ files: z.number().int(), folders: z.number().int() });

export const zipBodySchema = z.object({ fileIds: idList, folderIds: idList });
export type ZipBody = z.input<typeof zipBodySchema>;
