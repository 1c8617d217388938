import type { z } from 'zod';
import { ApiError } from './api-error';

export type FieldErrors = Partial<Record<string, string>>;

/** First message per field from a failed Zod parse of the contract's schema. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's per-field details of a 400 answer, in the same shape, so they show under the same fields. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !error.details) return {};
  const errors: FieldErrors = {};
  for (const detail of error.details) {
    const field = detail.path.split('.')[0] ?? '';
    errors[field] ??= detail.message;
  }
  return errors;
}
