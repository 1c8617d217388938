import { z } from 'zod';
import { ALLOWED_MIME_TYPES, TEXT_FORMAT_TYPES } from './media';

/** Bytes a resumable upload sends per request when the server is not told otherwise (8MB). */
export const DEFAULT_RESUMABLE_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * GET /config (no sign-in needed): the limits the browser obeys before sending a byte. `quotaBytes` is the
 * signed-in viewer's quota (the default quota for anyone else); absent when there is none.
 */
export const uploadConfigSchema = z.object({
  maxUploadBytes: z.number().int().positive(),
  /** The media types an upload may be; only ANY_FILE_TYPE when the instance takes any file. */
  allowedTypes: z.array(z.string()),
  /** Files larger than this go up resumably, in pieces of this size. */
  resumableChunkBytes: z.number().int().positive(),
  quotaBytes: z.number().int().nonnegative().optional(),
  /** How many earlier versions each file keeps when its bytes are replaced; absent when none are kept. */
  versionsKeep: z.number().int().nonnegative().optional(),
  /** How many days a deleted item stays in its owner's trash; absent when a delete is final. */
  trashRetentionDays: z.number().int().positive().optional(),
  /** Present (true) when the instance sends mail: the login page then offers "Forgot password?". */
  mail: z.literal(true).optional(),
});
export type UploadConfig = z.infer<typeof uploadConfigSchema>;

/**
 * ALLOWED_UPLOAD_TYPES, also an instance setting: `media` takes the spec's nine types (and refuses the rest with
 * its message), `any` takes every file, served as a download unless it is one of those nine.
 */
export const uploadTypesModeSchema = z.enum(['media', 'any']);
export type UploadTypesMode = z.infer<typeof uploadTypesModeSchema>;

/** `allowedTypes` when any type is accepted: the wildcard that an Accept header and a file picker read as "anything". */
export const ANY_FILE_TYPE = '*/*';

/** What GET /config says is allowed under each mode. */
export function allowedTypesFor(mode: UploadTypesMode): string[] {
  return mode === 'any' ? [ANY_FILE_TYPE] : [...ALLOWED_MIME_TYPES];
}

/**
 * Whether a client should let a file of this (browser-reported) type through, under the allowed types it was
 * given: any type under the wildcard, else one of the list, or a text format where plain text is allowed (a
 * browser reports a .csv as text/csv; its bytes are plain text, which is what the server decides by).
 */
export function typeIsAllowed(allowedTypes: readonly string[], type: string): boolean {
  if (allowedTypes.includes(ANY_FILE_TYPE) || allowedTypes.includes(type)) return true;
  return allowedTypes.includes('text/plain') && TEXT_FORMAT_TYPES.includes(type);
}
