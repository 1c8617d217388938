import { safeStorage } from '../../../lib/browser-storage';

/**
 * A file this browser was sending through an upload link when the page was closed or reloaded. A page cannot
 * reopen a file by itself: the visitor chooses it again, it is recognised by name, size and date, and a large
 * one resumes where it stopped (tus keeps its own record of the bytes the server holds).
 */
export interface UnfinishedUpload {
  name: string;
  size: number;
  lastModified: number;
}

/** One list per link: another link's visit never offers this one's files. */
const keyOf = (token: string) => `cloudstash.upload-link.${token}.unfinished`;

export function readUnfinished(token: string): UnfinishedUpload[] {
  try {
    const stored = JSON.parse(safeStorage()?.getItem(keyOf(token)) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as UnfinishedUpload[]) : [];
  } catch {
    return [];
  }
}

export function writeUnfinished(token: string, uploads: readonly UnfinishedUpload[]): void {
  try {
    if (uploads.length === 0) safeStorage()?.removeItem(keyOf(token));
    else safeStorage()?.setItem(keyOf(token), JSON.stringify(uploads));
  } catch {
    // A full or blocked storage only loses the offer to resume after a reload.
  }
}

export const isSameFile = (unfinished: UnfinishedUpload, file: File) =>
  unfinished.name === file.name &&
  unfinished.size === file.size &&
  unfinished.lastModified === file.lastModified;

export const unfinishedOf = (file: File): UnfinishedUpload => ({
  name: file.name,
  size: file.size,
  lastModified: file.lastModified,
});
