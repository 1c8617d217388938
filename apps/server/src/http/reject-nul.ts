import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@cloudstash/contract';
import { AppError } from '../errors';

/** The path of the first string (or key) holding a NUL character, if any. */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : undefined;
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return innerPath;
    const found = findNul(inner, innerPath, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * No text CloudStash stores or searches may contain NUL: PostgreSQL cannot hold it in text at all (the query
 * fails), and SQLite would store names that display truncated. Refusing it here, before validation, covers
 * every route's query, path and JSON body at once, the ones added later included.
 */
export function registerNulRejection(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const path = findNul(value, '');
      if (path)
        throw new AppError('VALIDATION_FAILED', MESSAGES.invalidInput, [
          { path: `${part}.${path}`, message: MESSAGES.invalidInput },
        ]);
    }
  });
}
