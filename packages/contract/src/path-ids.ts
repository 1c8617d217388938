import { z } from 'zod';

/** Longest id a URL path may carry: ids are UUIDs (36 characters); the margin keeps any older id valid. */
export const PATH_ID_MAX_LENGTH = 100;

/**
 * An id in a URL path. One that cannot name anything (empty, longer than any id) fails with the resource's own
 * not-found message and the `notFound` mark, which the server answers with 404 like an id that names nothing:
 * a malformed id gets the same answer as an unknown one, never a validator's wording.
 */
export function pathIdSchema(notFoundMessage: string) {
  return z.string().refine((id) => id.length >= 1 && id.length <= PATH_ID_MAX_LENGTH, {
    error: notFoundMessage,
    params: { notFound: true },
  });
}

/** Whether a validation issue is a path id that names nothing (see pathIdSchema). */
export function isNotFoundIssue(issueParams: unknown): boolean {
  return (issueParams as { notFound?: unknown } | undefined)?.notFound === true;
}
