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
