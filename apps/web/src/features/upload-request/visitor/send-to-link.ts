import { Upload } from 'tus-js-client';
import { API_BASE, type Envelope, type RequestReceipt } from '@cloudstash/contract';
import { postFormWithProgress } from '../../../api/form-upload';
import { TUS_RETRY_DELAYS } from '../../../api/tus-errors';
import { visitPath } from '../api/request-visit';

/** One file going through an upload link: the sender's name, and where its byte count goes. */
export interface LinkUpload {
  token: string;
  file: File;
  uploaderName: string;
  onProgress: (sent: number) => void;
}

/** The whole file in one form (`uploaderName` before `file`, so the server reads the name first). */
export function sendWhole({ token, file, uploaderName, onProgress }: LinkUpload, signal: AbortSignal) {
  const form = new FormData();
  form.set('uploaderName', uploaderName);
  form.set('file', file);
  return postFormWithProgress<Envelope<RequestReceipt>>(
    `${visitPath(token)}/files`,
    form,
    (fraction) => onProgress(fraction * file.size),
    signal,
  );
}

/**
 * The file in pieces over tus, through the link's own endpoint. tus-js-client remembers the upload by the
 * file's name, type, size and date and the endpoint (so, the link), in this browser's storage: choosing the
 * same file again, after a dropped connection or a reload, resumes it where the server's bytes end.
 * Resolves when the server has it all; `stop(true)` gives it up and lets the server drop what it holds.
 */
export function sendResumable({ token, file, uploaderName, onProgress }: LinkUpload, chunkBytes: number) {
  let upload: Upload | undefined;
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: `${API_BASE}${visitPath(token)}/uploads`,
      chunkSize: chunkBytes,
      retryDelays: TUS_RETRY_DELAYS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type, uploaderName },
      onProgress: (sent) => onProgress(sent),
      onSuccess: () => resolve(),
      onError: reject,
    });
    const started = upload;
    void started.findPreviousUploads().then((previous) => {
      if (previous[0]) started.resumeFromPreviousUpload(previous[0]);
      started.start();
    }, reject);
  });
  const stop = (forGood: boolean) => void upload?.abort(forGood).catch(() => undefined);
  return { done, stop };
}
