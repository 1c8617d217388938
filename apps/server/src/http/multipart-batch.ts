import fsp from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import {
  BATCH_UPLOAD_MAX_BYTES,
  BATCH_UPLOAD_MAX_FILES,
  MESSAGES,
  type BatchUploadResult,
  type StoredFile,
} from '@cloudstash/contract';
import type { Config } from '../config';
import { AppError } from '../errors';
import { statusOf } from './error-handler';
import type { ReceivedUpload } from '../services/files';
import type { UploadHooks } from '../upload/hooks';
import { ingestToTempFile, newTempPath, UploadTooLargeError } from '../upload/ingest';
import {
  asUploadError,
  capRequestBytes,
  multipartLimits,
  MULTIPART_OVERHEAD_BYTES,
  tooLarge,
  uploadFields,
} from './multipart-upload';

/** Each file's answer, in the order the files came: what `handle` gave, or why that one file was refused. */
export type BatchResults<T> = Array<{ ok: true; value: T } | { ok: false; error: AppError }>;

/** Past the batch's own limits (files, bytes) nothing more is read; the files before keep their answers. */
const batchTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', MESSAGES.batchTooLarge);

/**
 * Reads a batch form: its parts in order, each `file` part after its own fields (`filename`, `isPublic`,
 * `folderId`), which apply to that file only. Each file is streamed to a temporary file and handed to `handle`
 * before the next one is read, so a file refused for itself (its type, its size, a folder that is not the
 * sender's, the quota) gets its own answer and the rest go on. A body that cannot be read further (malformed,
 * cut off, past the batch's limits) ends the batch there: the files read before keep their answers, and with
 * none read the error is the request's. A failure of ours (the disk, the database) is the request's 5xx.
 */
export async function receiveUploadBatch<T>(
  request: FastifyRequest,
  config: Config,
  handle: (upload: ReceivedUpload) => Promise<T>,
  hooks: UploadHooks,
  admit: () => Promise<void>,
): Promise<BatchResults<T>> {
  const cap = BATCH_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;
  if (Number(request.headers['content-length']) > cap) throw batchTooLarge();
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', MESSAGES.selectFile, [
      { path: 'file', message: MESSAGES.selectFile },
    ]);
  }
  await admit();

  const results: BatchResults<T> = [];
  let capped = false;
  /** A failure of ours while storing a file: the request's 5xx, never a client's mistake. */
  let fault: unknown;
  let fields: Record<string, string> = {};
  const uncap = capRequestBytes(request, cap, () => (capped = true));
  const limits = {
    ...multipartLimits(config.maxUploadBytes),
    files: BATCH_UPLOAD_MAX_FILES,
    fields: BATCH_UPLOAD_MAX_FILES * 4,
    parts: BATCH_UPLOAD_MAX_FILES * 5,
  };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new AppError('VALIDATION_FAILED', MESSAGES.malformedUpload);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const own = uploadFields(fields);
      fields = {};
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', MESSAGES.malformedUpload);
      }
      const tempPath = newTempPath(config.tmpDir);
      try {
        let upload: ReceivedUpload;
        try {
          const bytes = await ingestToTempFile(part.file, tempPath, config.maxUploadBytes, hooks);
          upload = {
            fields: own,
            file: {
              ...bytes,
              source: { kind: 'file', path: bytes.tempPath },
              declaredType: part.mimetype,
              originalName: part.filename,
            },
          };
        } catch (error) {
          if (capped || !(error instanceof UploadTooLargeError)) throw error;
          // Past the one-file limit: that file is refused, named with its size when it was read to its end.
          results.push({
            ok: false,
            error: tooLarge(config.maxUploadBytes, part.file.truncated ? undefined : error.size),
          });
          continue;
        }
        try {
          results.push({ ok: true, value: await handle(upload) });
        } catch (error) {
          // What the services refuse a file for is that file's answer; anything else is our failure.
          if (!(error instanceof AppError)) throw (fault = error);
          results.push({ ok: false, error });
        }
      } finally {
        await fsp.rm(tempPath, { force: true });
      }
    }
  } catch (error) {
    if (fault !== undefined) throw fault;
    const ended = capped || (error as { code?: string }).code === 'FST_FILES_LIMIT' ? batchTooLarge() : error;
    const refusal = asUploadError(ended, config.maxUploadBytes);
    // Our own disk failing is never the client's doing, and with nothing read the request itself failed.
    if (!(refusal instanceof AppError) || results.length === 0) throw refusal;
    results.push({ ok: false, error: refusal });
  } finally {
    uncap();
  }
  if (results.length === 0) {
    throw new AppError('VALIDATION_FAILED', MESSAGES.selectFile, [
      { path: 'file', message: MESSAGES.selectFile },
    ]);
  }
  return results;
}

/** One file's answer as the client reads it: 201 with the file, or the status and words a single upload gets. */
export function batchAnswer(result: BatchResults<StoredFile>[number]): BatchUploadResult {
  if (result.ok) return { status: 201, file: result.value };
  const { code, message } = result.error;
  return { status: statusOf(code), code, message };
}
