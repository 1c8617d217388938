import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits';

/** The longest an instance may keep deleted items (ten years, so a date sum never overflows). */
export const MAX_TRASH_RETENTION_DAYS = 3650;

/** Fixed texts of the trash (deleting into it, restoring, purging, the instance setting). */
export const TRASH_MESSAGES = {
  listed: 'Trash fetched successfully',
  restored: 'Items restored successfully',
  purged: 'Items deleted forever',
  movedToTrash: 'Moved to Trash',
  notFound: 'Item not found in Trash',
  nothingSelected: 'Select at least one item',
  retentionInvalid: `Days in Trash must be a whole number from 0 to ${MAX_TRASH_RETENTION_DAYS}`,
  /** The delete dialog's title while the trash is on (the spec's dialog stands while it is off). */
  dialogTitle: 'Move to Trash?',
  /** The delete dialog's text while the trash is on. */
  dialogText: (days: number) => `You can restore it from Trash for ${days} ${days === 1 ? 'day' : 'days'}.`,
  /** A folder restored beside one of the same name takes this name. */
  restoredName: (name: string) => `${name} (restored)`,
  /** A restore that would have put a folder past the depth limit put it at the top instead. */
  restoredAtTop: (names: string[]) =>
    `Items restored; too deep to go back where they were, so now at the top of My Files: ${names.join(', ')}`,
} as const;

/**
 * GET /trash: one deleted item, as its owner deleted it (a folder stands for everything that was in it).
 * `path` is the folder it was in when deleted, from the top ('/' for the top, '/Photos/2024' below).
 */
export const trashItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(['file', 'folder']),
  name: z.string(),
  path: z.string(),
  /** A file's type; absent for a folder. */
  mimetype: z.string().optional(),
  /** Bytes it holds: a file's with its kept versions, a folder's over everything in it. */
  size: z.number().int().nonnegative(),
  /** How many files a folder held (1 for a file). */
  files: z.number().int().nonnegative(),
  deletedAt: z.string(),
  /** When the background maintenance deletes it forever. */
  purgeAt: z.string(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

export const trashListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(1000).optional(),
});
export type TrashListQuery = z.input<typeof trashListQuerySchema>;

const ids = z.array(z.string().min(1).max(100)).max(10_000);
const idList = ids.default([]);

/** POST /trash/restore: the items to put back, each where it was (missing parent folders are made again). */
export const trashRestoreBodySchema = z
  .object({ fileIds: idList, folderIds: idList })
  .refine((b) => b.fileIds.length + b.folderIds.length > 0, TRASH_MESSAGES.nothingSelected);

/** DELETE /trash: these items forever, or everything in the caller's trash when both lists are absent. */
export const trashPurgeBodySchema = z
  .object({ fileIds: ids.optional(), folderIds: ids.optional() })
  .nullish();

export const trashResultSchema = z.object({
  files: z.number().int(),
  folders: z.number().int(),
  /** A restore's folders that came back at the top (as 'name (restored)'): where they were is now too deep. */
  atTop: z.array(z.string()).optional(),
});
export type TrashResult = z.infer<typeof trashResultSchema>;

/**
 * GET and PATCH /admin/settings/trash: how many days deleted items stay in their owner's trash (0: a delete
 * is final, the spec's behaviour). `trashRetentionDaysSource` says whether an administrator set it (database)
 * or TRASH_RETENTION_DAYS did.
 */
export const trashSettingsSchema = z.object({
  trashRetentionDays: z.number().int().nonnegative(),
  trashRetentionDaysSource: z.enum(['database', 'environment']),
});
export type TrashSettings = z.infer<typeof trashSettingsSchema>;

export const updateTrashSettingsBodySchema = z.object({
  trashRetentionDays: z
    .number({ error: TRASH_MESSAGES.retentionInvalid })
    .int({ error: TRASH_MESSAGES.retentionInvalid })
    .min(0, { error: TRASH_MESSAGES.retentionInvalid })
    .max(MAX_TRASH_RETENTION_DAYS, { error: TRASH_MESSAGES.retentionInvalid }),
});
export type UpdateTrashSettingsBody = z.input<typeof updateTrashSettingsBodySchema>;
