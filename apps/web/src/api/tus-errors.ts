import { MESSAGES } from '@cloudstash/contract';

/** Waits between a resumable upload's retries: a dropped network or a locked phone gets about two minutes. */
export const TUS_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

/** The server's own words from a failed tus request, when it sent any; the generic failure otherwise. */
export function tusErrorMessage(error: Error): string {
  const response = (error as { originalResponse?: { getBody(): string } | null }).originalResponse;
  try {
    const body = JSON.parse(response?.getBody() ?? '') as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON: no network answer at all, or a proxy's page.
  }
  return MESSAGES.uploadFailed;
}

/** Whether `error` is tus-js-client's, which carries the server's answer (if any) as `originalResponse`. */
export const isTusError = (error: unknown): error is Error =>
  error instanceof Error && 'originalResponse' in error;
