import {
  MESSAGES,
  filenameWithoutExtension,
  fileTooLargeMessage,
  typeIsAllowed,
  unsupportedTypeMessage,
} from '@cloudstash/contract';

/** The instance's limits a chosen file is checked against, as GET /config answers them. */
export interface ChosenFileLimits {
  maxUploadBytes: number;
  allowedTypes: readonly string[];
}

/**
 * Refuses a chosen file before any byte is sent (a type the instance does not allow, over its size limit, or
 * over what the account's quota has left: `roomBytes`, absent without a quota), with the same words the server
 * would use. Returns null when the file may be uploaded; the server checks the quota again when it commits.
 */
export function chosenFileError(
  file: Pick<File, 'type' | 'size'>,
  { maxUploadBytes, allowedTypes }: ChosenFileLimits,
  roomBytes?: number,
): string | null {
  if (!typeIsAllowed(allowedTypes, file.type)) {
    return unsupportedTypeMessage(file.type || 'unknown', allowedTypes);
  }
  if (file.size > maxUploadBytes) return fileTooLargeMessage(file.size, maxUploadBytes);
  if (roomBytes !== undefined && file.size > roomBytes) return MESSAGES.quotaExceeded;
  return null;
}

/** What the quota leaves for new files, from the account's totals; undefined without a quota (or totals). */
export function quotaRoom(stats: { quotaBytes?: number; totalStorageUsed: number } | undefined) {
  return stats?.quotaBytes === undefined ? undefined : Math.max(stats.quotaBytes - stats.totalStorageUsed, 0);
}

/** The filename defaults to the chosen file's name without its extension. */
export function defaultFilename(file: Pick<File, 'name'>): string {
  return filenameWithoutExtension(file.name);
}

/** The submit-time checks, in order: a filename first, then a chosen file. */
export function submitError(file: File | null, filename: string): string | null {
  if (!filename.trim()) return MESSAGES.uploadFilenameRequired;
  if (!file) return MESSAGES.selectFile;
  return null;
}

/**
 * The file a drop uses: the first one dropped. The drop zone hands back a single file as accepted and a drop of
 * several as refused ("too many"), each list in the order dropped.
 */
export function firstDropped(
  accepted: readonly File[],
  rejected: readonly { file: File }[],
): File | undefined {
  return accepted[0] ?? rejected[0]?.file;
}
