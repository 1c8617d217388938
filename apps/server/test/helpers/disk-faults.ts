import fs from 'node:fs';
import { vi } from 'vitest';

/**
 * Lets a test change how the next file write stream behaves (fail, or go slowly) while the upload path runs
 * unchanged: `patch` gets the real stream before anything is written to it.
 */
export function patchNextWriteStream(patch: (stream: fs.WriteStream) => void): void {
  const real = fs.createWriteStream;
  vi.spyOn(fs, 'createWriteStream').mockImplementationOnce(((
    file: fs.PathLike,
    options?: Parameters<typeof fs.createWriteStream>[1],
  ) => {
    const stream = real(file, options);
    patch(stream);
    return stream;
  }) as typeof fs.createWriteStream);
}

/**
 * Holds back the open of the next file write stream by `ms`, as a thread pool busy with other uploads' fsyncs
 * does: whatever fails meanwhile sees a stream whose file does not exist yet, and appears when the open lands.
 */
export function delayNextWriteStreamOpen(ms: number): void {
  const real = fs.createWriteStream;
  vi.spyOn(fs, 'createWriteStream').mockImplementationOnce(((
    file: fs.PathLike,
    options?: Parameters<typeof fs.createWriteStream>[1],
  ) => {
    const delayedOpen = (...args: Parameters<typeof fs.open>) => setTimeout(() => fs.open(...args), ms);
    const overrides = { fs: { open: delayedOpen, write: fs.write, writev: fs.writev, close: fs.close } };
    return real(file, { ...(typeof options === 'object' ? options : {}), ...overrides });
  }) as typeof fs.createWriteStream);
}
