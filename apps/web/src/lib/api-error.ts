export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * A failed API call, carrying the server's own message so toasts can show it. It lives here, not beside the
 * client that throws it, so that lib/'s form helpers can read its field details without importing api/.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
