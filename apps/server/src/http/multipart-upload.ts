import fsp from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { MESSAGES, booleanText, fileTooLargeMessage } from '@cloudstash/contract';
import type { Config } from '../config';
import type { ReceivedUpload } from '../services/files';
import type { UploadHooks } from '../upload/hooks';
import { ingestToTempFile, newTempPath, UploadSourceError, UploadTooLargeError } from '../upload/ingest';
import { AppError } from '../errors';

/** Generous room for the multipart framing and the two small text fields around a file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Limits that keep a hostile form cheap to refuse: one file, a handful of short fields. */
export function multipartLimits(maxUploadBytes: number) {
  return {
    // Our own counter refuses a file past the limit once it ends, so it can name the file's size; busboy
    // only stops a file too big for the request cap to let through anyway.
    fileSize: maxUploadBytes + MULTIPART_OVERHEAD_BYTES,
    files: 1,
    fields: 8,
    fieldSize: 4096,
    parts: 10,
    headerPairs: 50,
  };
}

/**
 * 413 naming the file's own size when it is known (the file ended, and was counted to its end), and no figure
 * otherwise: a declared Content-Length measures the whole form, not the file, and a body cut off at the cap
 * never showed where the file ends.
 */
export function tooLarge(maxUploadBytes: number, fileSize?: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(fileSize, maxUploadBytes));
}

/**
 * A hard cap on the raw bytes of an upload request, whatever Content-Length says and however much the form
 * parser buffers when the disk is slower than the client: past the limit plus the form's framing, the request
 * stops flowing and the form reader fails with UploadTooLargeError.
 */
export function capRequestBytes(request: FastifyRequest, cap: number, onCapped?: () => void): () => void {
  let received = 0;
  const guard = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= cap) return;
    onCapped?.();
    request.raw.off('data', guard);
    request.raw.pause();
    // @fastify/multipart listens for request errors: it unpipes the parser, fails the current part's stream
    // and ends the iteration with this error.
    request.raw.emit('error', new UploadTooLargeError());
  };
  request.raw.on('data', guard);
  return () => request.raw.off('data', guard);
}

/**
 * What a failed form read means for the client. The client's own doing (a form busboy cannot parse, a body
 * that stops early, a limit crossed) is a 4xx; a failure of our disk while writing the bytes stays a 5xx.
 */
export function asUploadError(error: unknown, maxUploadBytes: number): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof UploadTooLargeError) return tooLarge(maxUploadBytes, error.size);
  if (error instanceof UploadSourceError) return new AppError('VALIDATION_FAILED', MESSAGES.malformedUpload);
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new AppError('VALIDATION_FAILED', MESSAGES.oneFileOnly);
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status < 500) return error;
  // Anything else thrown while reading the form came from the form parser (busboy): the body was malformed.
  if (!(error as { serverFault?: boolean }).serverFault)
    return new AppError('VALIDATION_FAILED', MESSAGES.malformedUpload);
  return error;
}

/**
 * Reads an upload form with its fields in any order, streaming the file straight to a temporary file, then
 * hands the whole upload to `handle` (the service call) once the body is read. This function creates the
 * temporary file and is its one owner: it removes it, once, when `handle` is done or anything failed. (A
 * blob store's `put` may have renamed it into place by then, which makes the removal a no-op.) `admit` may
 * refuse the upload before any byte of the body is read, knowing the least the file can weigh.
 */
export async function receiveUpload<T>(
  request: FastifyRequest,
  config: Config,
  handle: (upload: ReceivedUpload) => Promise<T>,
  hooks: UploadHooks,
  admit: (smallestFileBytes: number) => Promise<void> = async () => {},
): Promise<T> {
  let tempPath: string | undefined;
  try {
    const upload = await readUploadForm(request, config, hooks, admit, (path) => (tempPath = path));
    return await handle(upload);
  } finally {
    if (tempPath) await fsp.rm(tempPath, { force: true });
  }
}

/** The form read itself; `claim` learns the temporary file's name before anything is written to it. */
async function readUploadForm(
  request: FastifyRequest,
  config: Config,
  hooks: UploadHooks,
  admit: (smallestFileBytes: number) => Promise<void>,
  claim: (tempPath: string) => void,
): Promise<ReceivedUpload> {
  const declaredLength = Number(request.headers['content-length']);
  if (declaredLength > config.maxUploadBytes + MULTIPART_OVERHEAD_BYTES)
    throw tooLarge(config.maxUploadBytes);
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', MESSAGES.selectFile, [
      { path: 'file', message: MESSAGES.selectFile },
    ]);
  }
  // The form's framing is at most the overhead allowance, so the file weighs at least the rest; an empty
  // file is refused later anyway, so one byte is the least any upload adds.
  const framed = Number.isFinite(declaredLength) ? declaredLength - MULTIPART_OVERHEAD_BYTES : 0;
  await admit(Math.max(1, framed));

  const fields: Record<string, string> = {};
  let file: ReceivedUpload['file'] | undefined;
  const uncap = capRequestBytes(request, config.maxUploadBytes + MULTIPART_OVERHEAD_BYTES);
  try {
    for await (const part of request.parts({ limits: multipartLimits(config.maxUploadBytes) })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new AppError('VALIDATION_FAILED', MESSAGES.malformedUpload);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (file || part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', MESSAGES.oneFileOnly);
      }
      const tempPath = newTempPath(config.tmpDir);
      claim(tempPath);
      const bytes = await ingestToTempFile(part.file, tempPath, config.maxUploadBytes, hooks).catch(
        (error: unknown) => {
          // A file busboy cut short ended early: the size counted is not the file's.
          if (error instanceof UploadTooLargeError && part.file.truncated) throw new UploadTooLargeError();
          throw error;
        },
      );
      file = {
        ...bytes,
        source: { kind: 'file', path: bytes.tempPath },
        declaredType: part.mimetype,
        originalName: part.filename,
      };
    }
  } catch (error) {
    throw asUploadError(error, config.maxUploadBytes);
  } finally {
    uncap();
  }
  if (!file) {
    throw new AppError('VALIDATION_FAILED', MESSAGES.selectFile, [
      { path: 'file', message: MESSAGES.selectFile },
    ]);
  }
  return { fields: uploadFields(fields), file };
}

/** An upload's text fields as the services take them: `isPublic` as a boolean, the folder as an id or null. */
export function uploadFields(fields: Record<string, string>): ReceivedUpload['fields'] {
  const isPublic = booleanText.safeParse(fields.isPublic ?? 'false');
  return {
    filename: fields.filename,
    isPublic: isPublic.success && isPublic.data,
    folderId: folderField(fields.folderId),
    uploaderName: fields.uploaderName,
  };
}

/** A form's or metadata's folder: empty or 'root' is the top. */
export function folderField(value: string | undefined): string | null {
  return value === undefined || value === '' || value === 'root' ? null : value;
}

/**
 * The same intake for a body that is the file itself (any type but a form): streamed into a temporary file
 * with the same limit, request cap, hashing and fsync, its Content-Type the declared type. This function owns
 * the temporary file as `receiveUpload` does. A form goes to `receiveUpload`.
 */
export async function receiveFileUpload<T>(
  request: FastifyRequest,
  config: Config,
  handle: (upload: ReceivedUpload) => Promise<T>,
  hooks: UploadHooks,
  admit: (smallestFileBytes: number) => Promise<void> = async () => {},
): Promise<T> {
  if (request.isMultipart()) return receiveUpload(request, config, handle, hooks, admit);
  const declaredLength = Number(request.headers['content-length']);
  if (declaredLength > config.maxUploadBytes) throw tooLarge(config.maxUploadBytes);
  await admit(Number.isFinite(declaredLength) ? Math.max(1, declaredLength) : 1);
  const tempPath = newTempPath(config.tmpDir);
  const uncap = capRequestBytes(request, config.maxUploadBytes + MULTIPART_OVERHEAD_BYTES);
  try {
    const bytes = await ingestToTempFile(request.raw, tempPath, config.maxUploadBytes, hooks).catch(
      (error: unknown) => Promise.reject(asUploadError(error, config.maxUploadBytes)),
    );
    uncap();
    return await handle({
      fields: {},
      file: {
        ...bytes,
        source: { kind: 'file', path: bytes.tempPath },
        declaredType: request.headers['content-type'],
      },
    });
  } finally {
    uncap();
    await fsp.rm(tempPath, { force: true });
  }
}
