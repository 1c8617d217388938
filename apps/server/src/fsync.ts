import fsp from 'node:fs/promises';

/**
 * Flushes a file's bytes, or a folder's entries, to the disk. Acknowledging an upload, or deleting the
 * temporary copy of a blob, is only safe once what it depends on would survive a power cut.
 */
export async function fsyncPath(target: string): Promise<void> {
  const handle = await fsp.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
