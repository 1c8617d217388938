import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { MESSAGES, isNotFoundIssue, type ErrorBody } from '@cloudstash/contract';
import { AppError, type ErrorCode } from '../errors';

/** The HTTP status each error code is answered with. */
const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  EMPTY_FILE: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_SITE: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  MISDIRECTED: 421,
  RATE_LIMITED: 429,
  ACCOUNT_LOCKED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** How HTTP spells an error code (a batch's refused file carries it in its own answer). */
export const statusOf = (code: ErrorCode): number => STATUS[code];

const CONTENT_HEADERS = ['content-length', 'content-disposition', 'etag', 'accept-ranges', 'cache-control'];

/** Fastify and plugin errors a client caused, with the words we answer them in. */
function clientErrorMessage(error: FastifyError): string {
  if (error.statusCode === 429) return MESSAGES.tooManyRequests;
  if (
    error.code?.startsWith('FST_') &&
    /multipart|parts|files|fields/i.test(`${error.code} ${error.message}`)
  ) {
    return MESSAGES.malformedUpload;
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body is too large';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported request content type';
  return MESSAGES.invalidInput;
}

/**
 * Every error leaves as `{ message, code, details? }` with the right status: AppErrors as thrown, schema
 * failures as 400 with one detail per field, client mistakes caught by Fastify as their 4xx, and anything else
 * as a generic 500 whose details go only to the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let body: ErrorBody;
    if (error instanceof AppError) {
      status = STATUS[error.code];
      body = { message: error.message, code: error.code, ...(error.details && { details: error.details }) };
      if (error.headers) void reply.headers(error.headers);
    } else if (error instanceof ZodError) {
      // A body a route parsed itself (form data, say): the same 400 as a schema failure.
      const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      status = 400;
      body = { message: details[0]?.message ?? MESSAGES.invalidInput, code: 'VALIDATION_FAILED', details };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const unknownId = error.validation.find((v) =>
        isNotFoundIssue((v.params as { params?: unknown }).params),
      );
      const details = error.validation.map((v) => ({
        path:
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          String((v.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') ?? ''),
        message: v.message ?? MESSAGES.invalidInput,
      }));
      if (unknownId) {
        // An id in the path that cannot name anything: the same 404 and words as an id that names nothing.
        status = 404;
        body = { message: unknownId.message ?? MESSAGES.invalidInput, code: 'NOT_FOUND' };
      } else {
        status = 400;
        body = { message: details[0]?.message ?? MESSAGES.invalidInput, code: 'VALIDATION_FAILED', details };
      }
    } else if (!isResponseSerializationError(error) && error.statusCode && error.statusCode < 500) {
      status = error.statusCode;
      body = {
        message: clientErrorMessage(error),
        code: status === 429 ? 'RATE_LIMITED' : (error.code ?? 'BAD_REQUEST'),
      };
      const limitHeaders = (error as { headers?: Record<string, string> }).headers;
      if (status === 429 && limitHeaders) void reply.headers(limitHeaders);
    } else {
      status = 500;
      body = { message: MESSAGES.internalError, code: 'INTERNAL', requestId: String(request.id) };
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, body.message);
    // A failure after a route began describing file content (type, length, disposition, validators) must not
    // send its JSON under those headers.
    for (const header of CONTENT_HEADERS) reply.removeHeader(header);
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}

/**
 * Fastify's own answer to a URL its router cannot read echoes the URL in another JSON shape, without security
 * headers or request id. This one is a plain 400 like any invalid input (an over-long id is an invalid id).
 */
export function frameworkErrorHandler(
  writeSecurityHeaders: (req: IncomingMessage, res: ServerResponse) => void,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    writeSecurityHeaders(request.raw, reply.raw);
    request.log.info({ code: error.code, status: 400 }, MESSAGES.invalidInput);
    const body: ErrorBody = { message: MESSAGES.invalidInput, code: 'VALIDATION_FAILED' };
    void reply
      .status(400)
      .header('x-request-id', request.id)
      .type('application/json; charset=utf-8')
      .send(body);
  };
}
