import { formatDate, type StoredFile } from '@cloudstash/contract';

/**
 * The time a WebDAV client said the bytes were last modified, under the upload date where one was given (a
 * file copied in by rclone or a desktop keeps its own time); nothing for files uploaded in the browser.
 */
export function ModifiedAt({ file }: { file: Pick<StoredFile, 'modifiedAt'> }) {
  if (!file.modifiedAt) return null;
  return <span className="block text-xs text-base-content/70">Modified {formatDate(file.modifiedAt)}</span>;
}
