import { z } from 'zod';

/** Bytes a resumable upload sends per request when the server is not told otherwise (8MB). */
export const DEFAULT_RESUMABLE_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * GET /config (no sign-in needed): the limits the browser obeys before sending a byte. `quotaBytes` is the
 * signed-in viewer's quota (the default quota for anyone else); absent when there is none.
 */
export const uploadConfigSchema = z.object({
  maxUploadBytes: z.number().int().positive(),
  allowedTypes: z.array(z.string()),
  /** Files larger than this go up resumably, in pieces of this size. */
  resumableChunkBytes: z.number().int().positive(),
  quotaBytes: z.number().int().nonnegative().optional(),
  /** How many earlier versions each file keeps when its bytes are replaced; absent when none are kept. */
  versionsKeep: z.number().int().nonnegative().optional(),
});
export type UploadConfig = z.infer<typeof uploadConfigSchema>;
