import { safeStorage } from '../../../lib/browser-storage';

/**
 * A file this browser finished sending through an upload link, kept so that "Your files" still lists it after
 * a reload or on a later visit. It is this browser's own record (name, size, when), never asked of the server:
 * a visitor is shown nothing of what the folder holds, their earlier files included.
 */
export interface SentFile {
  name: string;
  size: number;
  /** When it finished, as an ISO date. */
  at: string;
}

/** Enough for any visit a person remembers; the oldest go first beyond it. */
const KEEP = 200;

const keyOf = (token: string) => `cloudstash.upload-link.${token}.sent`;

const isSentFile = (value: unknown): value is SentFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SentFile).name === 'string' &&
  typeof (value as SentFile).size === 'number' &&
  typeof (value as SentFile).at === 'string';

export function readSent(token: string): SentFile[] {
  try {
    const stored = JSON.parse(safeStorage()?.getItem(keyOf(token)) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter(isSentFile) : [];
  } catch {
    return [];
  }
}

export function writeSent(token: string, sent: readonly SentFile[]): void {
  try {
    safeStorage()?.setItem(keyOf(token), JSON.stringify(sent.slice(-KEEP)));
  } catch {
    // A full or blocked storage only loses the list after a reload; the files themselves arrived.
  }
}
