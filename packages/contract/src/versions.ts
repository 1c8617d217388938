import { z } from 'zod';
import { MESSAGES } from './messages';
import { pathIdSchema } from './path-ids';

/** The most earlier versions an instance may keep per file. */
export const MAX_VERSIONS_KEEP = 100;

/** Fixed texts of file versions (replacing a file's bytes, its earlier versions, the instance setting). */
export const VERSION_MESSAGES = {
  contentReplaced: 'New version uploaded',
  versionsFetched: 'Versions fetched successfully',
  versionRestored: 'Version restored',
  versionDeleted: 'Version deleted',
  versionNotFound: 'Version not found',
  versionsKeepInvalid: `Versions kept must be a whole number from 0 to ${MAX_VERSIONS_KEEP}`,
} as const;

/** GET /files/f/{id}/versions: an earlier version of a file, newest first. */
export const fileVersionSchema = z.object({
  _id: z.string(),
  size: z.number().int().nonnegative(),
  mimetype: z.string(),
  /** The name a download of this version is saved under. */
  downloadName: z.string(),
  /** When these bytes stopped being the file's current bytes. */
  createdAt: z.string(),
  /** Who replaced them; null once that account is gone. */
  replacedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type FileVersion = z.infer<typeof fileVersionSchema>;

export const fileVersionParamsSchema = z.object({
  id: pathIdSchema(MESSAGES.fileNotFound),
  vid: pathIdSchema(VERSION_MESSAGES.versionNotFound),
});

/**
 * GET and PATCH /admin/settings/versions: how many earlier versions each file keeps (0: none, replacing a
 * file's bytes discards the old ones). `versionsKeepSource` says whether the value comes from the database (an
 * administrator set it) or from VERSIONS_KEEP.
 */
export const versionSettingsSchema = z.object({
  versionsKeep: z.number().int().nonnegative(),
  versionsKeepSource: z.enum(['database', 'environment']),
});
export type VersionSettings = z.infer<typeof versionSettingsSchema>;

export const updateVersionSettingsBodySchema = z.object({
  versionsKeep: z
    .number({ error: VERSION_MESSAGES.versionsKeepInvalid })
    .int({ error: VERSION_MESSAGES.versionsKeepInvalid })
    .min(0, { error: VERSION_MESSAGES.versionsKeepInvalid })
    .max(MAX_VERSIONS_KEEP, { error: VERSION_MESSAGES.versionsKeepInvalid }),
});
export type UpdateVersionSettingsBody = z.input<typeof updateVersionSettingsBodySchema>;
