import { API_BASE } from '@cloudstash/contract';
import { ApiError, type ErrorDetail } from '../lib/api-error';

export { ApiError, type ErrorDetail };

type QueryValue = string | number | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData goes as multipart (the browser sets the boundary). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

/** Builds "/api/v1{path}?a=b", leaving out empty values so the server applies its defaults. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** Calls the API with the session cookie and returns the parsed JSON body; throws ApiError on any failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      credentials: 'include',
      headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    throw new ApiError(cause instanceof Error ? cause.message : 'Network error', 0, 'NETWORK');
  }
  const payload = await parseJson(response);
  if (!response.ok) throw toApiError(response.status, payload);
  return payload as T;
}

/** A read of one enveloped value (`{ message, data }`); a failure throws, so the query shows its error state. */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<{ data: T }>(path, options)).data;
}

/** The server's message when there is one, otherwise the action's fixed default (e.g. 'Failed to delete file'). */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 && error.message ? error.message : fallback;
}

export function toApiError(status: number, payload: unknown): ApiError {
  const body = (payload ?? {}) as { message?: unknown; code?: unknown; details?: unknown };
  return new ApiError(
    typeof body.message === 'string' ? body.message : '',
    status,
    typeof body.code === 'string' ? body.code : undefined,
    Array.isArray(body.details) ? (body.details as ErrorDetail[]) : undefined,
  );
}

async function parseJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
