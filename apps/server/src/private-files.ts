import fs from 'node:fs';

/**
 * DATA_DIR holds the metadata, every user's bytes, uploads in flight and the link-signing key: only the
 * service account may read it. Modes are set explicitly after creation (chmod), so a permissive umask cannot
 * widen them, and folders or files left by an older version are tightened at start-up.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and missing parents) if needed, and makes it owner-only. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates the file empty if needed, and makes it owner-only. */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/** Makes the file owner-only when it exists. */
export function tightenFile(file: string): void {
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
