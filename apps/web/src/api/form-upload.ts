import { API_BASE } from '@cloudstash/contract';
import { ApiError, toApiError } from './api-client';

/**
 * POSTs a multipart form to `path` over XMLHttpRequest rather than fetch: only XHR reports how many bytes have
 * been sent, which a progress bar shows (`onProgress`, 0..1, when given). Resolves with the parsed answer; a
 * refusal rejects with the server's ApiError, an abort with code 'ABORTED', a lost connection with 'NETWORK'.
 */
export function postFormWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: ((fraction: number) => void) | undefined,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new ApiError('Upload cancelled', 0, 'ABORTED'));
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    // Only listened to when asked: each progress event is a message from the browser's network process.
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as T);
      else reject(toApiError(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(new ApiError('Network error', 0, 'NETWORK'));
    xhr.send(form);
  });
}
