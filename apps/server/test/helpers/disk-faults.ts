import fs from 'node:fs';
import { vi } from 'vitest';

/*
 * An upload's temporary file is written with the callback API of `fs` (open, writev, fsync), looked up at each
 * call, so a test can change how the next of those behaves while the upload path runs unchanged. These are
 * process-wide: a test using them keeps other file work (background jobs) out of the way.
 */

type Callback = (...results: unknown[]) => void;

/** The next `fs.writev` fails with `error` instead of writing; the check tells whether it happened. */
export function failNextFileWrite(error: Error): () => boolean {
  let fired = false;
  vi.spyOn(fs, 'writev').mockImplementationOnce(((...args: unknown[]) => {
    fired = true;
    const done = args.at(-1) as Callback;
    setImmediate(() => done(error, 0));
  }) as typeof fs.writev);
  return () => fired;
}

/** The next `fs.fsync` fails with `error` instead of syncing; the check tells whether it happened. */
export function failNextFileSync(error: Error): () => boolean {
  let fired = false;
  vi.spyOn(fs, 'fsync').mockImplementationOnce(((_fd: number, done: Callback) => {
    fired = true;
    setImmediate(() => done(error));
  }) as typeof fs.fsync);
  return () => fired;
}

/** Every `fs.writev` lands `ms` late, as on a slow disk, until the test's mocks are restored. */
export function slowFileWrites(ms: number): void {
  const real = fs.writev.bind(fs) as (...args: unknown[]) => void;
  vi.spyOn(fs, 'writev').mockImplementation(
    ((...args: unknown[]) => void setTimeout(() => real(...args), ms)) as typeof fs.writev,
  );
}

/**
 * Holds back the next `fs.open` by `ms`, as a thread pool busy with other uploads' fsyncs does: whatever fails
 * meanwhile sees a file that does not exist yet, and appears when the open lands.
 */
export function delayNextFileOpen(ms: number): void {
  const real = fs.open.bind(fs) as (...args: unknown[]) => void;
  vi.spyOn(fs, 'open').mockImplementationOnce(
    ((...args: unknown[]) => void setTimeout(() => real(...args), ms)) as typeof fs.open,
  );
}
