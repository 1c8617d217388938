import { MESSAGES } from '@cloudstash/contract';

export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'EMPTY_FILE'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'CROSS_SITE'
  | 'NOT_FOUND'
  | 'EMAIL_TAKEN'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'MISDIRECTED'
  | 'RANGE_NOT_SATISFIABLE'
  | 'RATE_LIMITED'
  | 'ACCOUNT_LOCKED'
  | 'INTERNAL'
  | 'UNAVAILABLE';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  EMPTY_FILE: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_SITE: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  MISDIRECTED: 421,
  RATE_LIMITED: 429,
  ACCOUNT_LOCKED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

export interface ErrorDetail {
  path: string;
  message: string;
}

/** The one error type services throw; the error handler turns it into `{ message, code, details }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const notFound = (message: string = MESSAGES.fileNotFound) => new AppError('NOT_FOUND', message);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', MESSAGES.notSignedIn);
export const forbidden = () => new AppError('FORBIDDEN', MESSAGES.adminOnly);
