import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BATCH_UPLOAD_MAX_BYTES, BATCH_UPLOAD_MAX_FILES, FILENAME_MAX_LENGTH } from '@cloudstash/contract';
import { OFFSET_CONTENT_TYPE, TUS_VERSION } from './tus';

type DescribedPart = 'body' | 'headers';

/**
 * The route's validator, with `parts` described only: their schemas go into the OpenAPI document, so that a
 * client knows what to send, but Fastify neither checks nor replaces them. The handler reads them itself: an
 * upload's body is streamed to disk as it arrives (never buffered to be validated), and a refused tus header
 * is answered with the message the handler gives it.
 */
export function describedOnly(...parts: DescribedPart[]): FastifySchemaCompiler<unknown> {
  const validate = validatorCompiler as FastifySchemaCompiler<unknown>;
  return (route) => (parts.includes(route.httpPart as DescribedPart) ? () => true : validate(route));
}

const bytes = (description: string) => z.string().meta({ format: 'binary', description });
const folderIdText = z
  .string()
  .max(100)
  .meta({ description: "The folder the file goes in: a folder's id, or 'root' (or empty) for the top." });
const isPublicText = z
  .enum(['true', 'false', 'on', '1', '0'])
  .meta({ description: 'Whether anyone may see the file ("true", "on" or "1"); private by default.' });

/** The upload form, as `receiveUpload` reads it: one file part and two text fields, in any order. */
export const uploadFormSchema = z.object({
  file: bytes(
    'The file, as the one file part of the form. Its part Content-Type is the declared type; the bytes must ' +
      'be of an allowed type and agree with it.',
  ),
  filename: z.string().max(FILENAME_MAX_LENGTH).optional().meta({
    description: "The file's name, without extension; the file part's name without its extension if absent.",
  }),
  isPublic: isPublicText.optional(),
  folderId: folderIdText.optional(),
});

/**
 * The batch upload form, as `receiveUploadBatch` reads it: parts in order, each file part after the fields that
 * belong to it alone. Described as one file's fields; a client repeats them for every file.
 */
export const uploadBatchFormSchema = z.object({
  filename: uploadFormSchema.shape.filename.meta({
    description: "The next file's name, without extension; sent before that file's part.",
  }),
  isPublic: isPublicText
    .optional()
    .meta({ description: 'Whether the next file is public; private by default.' }),
  folderId: folderIdText
    .optional()
    .meta({ description: "The next file's folder: an id, or 'root' (or empty)." }),
  file: bytes(
    `A file part, after its own fields. Repeat the fields and the part for each file: at most ${BATCH_UPLOAD_MAX_FILES} ` +
      `files and ${BATCH_UPLOAD_MAX_BYTES / (1024 * 1024)} MB in one request, each within the one-file limits.`,
  ),
});

/** New bytes for a file, as `receiveFileUpload` reads them: the one file part of a form, or the whole body. */
export const replaceContentFormSchema = z.object({
  file: bytes(
    "The file's new bytes, as the one file part of the form (or send them as the whole request body, with " +
      'their Content-Type). They must be of an allowed type and agree with the declared one.',
  ),
});

/** The edit form: multipart, URL-encoded or JSON; only these three fields are read. */
export const updateFormSchema = z.object({
  filename: z
    .string()
    .max(FILENAME_MAX_LENGTH)
    .optional()
    .meta({ description: "The file's new name; required unless the edit only moves the file." }),
  isPublic: z.union([isPublicText, z.boolean()]).optional(),
  folderId: z.union([folderIdText, z.null()]).optional(),
});

const tusResumable = z
  .literal(TUS_VERSION)
  .meta({ description: 'The tus protocol version the client speaks; any other answers 412.' });

/** Every tus request but OPTIONS. */
export const tusHeadersSchema = z.object({ 'Tus-Resumable': tusResumable });

/** Creating an upload (tus creation, and creation-with-upload when it carries the first bytes). */
export const tusCreateHeadersSchema = z.object({
  'Tus-Resumable': tusResumable,
  'Upload-Length': z.string().regex(/^\d+$/).meta({ description: "The file's whole size in bytes." }),
  'Upload-Metadata': z
    .string()
    .optional()
    .meta({
      description:
        'Comma-separated `key base64(value)` pairs. Read: `filename` (the name to show, without extension), ' +
        '`filetype` (the declared media type), `isPublic` ("true" to make the file public) and `folderId` ' +
        '(the folder it lands in).',
    }),
  'Content-Type': z
    .literal(OFFSET_CONTENT_TYPE)
    .optional()
    .meta({ description: 'Only when the request also carries the first bytes of the file.' }),
});

/** Appending bytes at an offset. */
export const tusAppendHeadersSchema = z.object({
  'Tus-Resumable': tusResumable,
  'Upload-Offset': z.string().regex(/^\d+$/).meta({
    description: 'How many bytes the server already has, as HEAD answers it; another offset answers 409.',
  }),
  'Content-Type': z.literal(OFFSET_CONTENT_TYPE),
});

/** The bytes a tus PATCH carries, as application/offset+octet-stream. */
export const tusAppendBytesSchema = bytes('The next bytes of the file, from Upload-Offset on.');
/** A tus POST may carry the file's first bytes (creation-with-upload); OpenAPI cannot mark the body optional. */
export const tusFirstBytesSchema = bytes(
  'Optional (creation-with-upload): the first bytes of the file. Without them, send no body and no Content-Type.',
);
export const TUS_CONSUMES = [OFFSET_CONTENT_TYPE];
