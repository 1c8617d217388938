import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@cloudstash/contract';
import { AppError } from '../errors';

/**
 * The update payload arrives as form data; JSON and URL-encoded bodies are read too. Only the
 * fields the update owns are picked, so owner, size, counts or anything else sent along is never applied.
 */
export async function readUpdateForm(
  request: FastifyRequest,
): Promise<{ filename?: unknown; isPublic?: unknown; folderId?: unknown }> {
  let fields: Record<string, unknown> = {};
  if (request.isMultipart()) {
    for await (const part of request.parts({ limits: { files: 0, fields: 8, fieldSize: 4096, parts: 8 } })) {
      if (part.type === 'file') {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', MESSAGES.invalidInput);
      }
      fields[part.fieldname] = part.value;
    }
  } else if (request.body && typeof request.body === 'object') {
    fields = request.body as Record<string, unknown>;
  }
  return { filename: fields.filename, isPublic: fields.isPublic, folderId: fields.folderId };
}
