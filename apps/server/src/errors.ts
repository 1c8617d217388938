import { MESSAGES } from '@cloudstash/contract';

export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'EMPTY_FILE'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'CROSS_SITE'
  | 'NOT_FOUND'
  | 'EMAIL_TAKEN'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'MISDIRECTED'
  | 'RANGE_NOT_SATISFIABLE'
  | 'RATE_LIMITED'
  | 'ACCOUNT_LOCKED'
  | 'INTERNAL'
  | 'UNAVAILABLE';

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * The one error type every layer throws. It says what went wrong, never how HTTP spells it: the error handler
 * (http/error-handler.ts) maps the code to a status and sends `{ message, code, details }`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MESSAGES.fileNotFound) => new AppError('NOT_FOUND', message);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', MESSAGES.notSignedIn);
export const forbidden = () => new AppError('FORBIDDEN', MESSAGES.adminOnly);
