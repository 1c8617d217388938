import { safeStorage } from '../../../lib/browser-storage';

/**
 * An upload that had not finished, as this browser remembers it across a reload. A page cannot reopen a file
 * by itself, so the person chooses it again; it is recognised by name, size and date, and a large one resumes
 * where it stopped (tus keeps its own record of the bytes the server holds).
 */
export interface RememberedUpload {
  name: string;
  size: number;
  lastModified: number;
  folders: string[];
  baseFolderId: string | null;
}

const KEY = 'cloudstash.unfinished-uploads';

export function readRemembered(): RememberedUpload[] {
  try {
    const stored = JSON.parse(safeStorage()?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as RememberedUpload[]) : [];
  } catch {
    return [];
  }
}

export function writeRemembered(uploads: readonly RememberedUpload[]): void {
  try {
    if (uploads.length === 0) safeStorage()?.removeItem(KEY);
    else safeStorage()?.setItem(KEY, JSON.stringify(uploads));
  } catch {
    // A full or blocked storage only loses the offer to resume after a reload.
  }
}

/** Whether a chosen file is the one remembered. */
export const isSameFile = (remembered: RememberedUpload, file: File) =>
  remembered.name === file.name &&
  remembered.size === file.size &&
  remembered.lastModified === file.lastModified;
