import { Worker } from 'node:worker_threads';

/** How often the thread copies the write-ahead log into the database file. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * Moves SQLite's checkpoints off the event loop. By default the connection that commits copies the log into the
 * database file itself, with an fsync, whenever the log passes 1,000 pages: on the one connection the server
 * has, that blocked every request (about 0.2 ms per upload of a drop of small files, 40 % of the time commits
 * took). The caller turns those off (`wal_autocheckpoint = 0`) and this thread checkpoints on its own
 * connection instead; answers a function that stops it (its connection, closing last, makes the final
 * checkpoint, as the server's own did before).
 */
export function startCheckpoints(file: string, onFailure: () => void): () => void {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, everyMs: CHECKPOINT_EVERY_MS },
  });
  // The thread must not hold the process open. A thread that fails (it could not open the file, or died) hands
  // checkpoints back to the caller's connection, so the log never grows without end.
  worker.unref();
  let stopping = false;
  worker.on('error', () => {});
  worker.once('exit', () => {
    if (!stopping) onFailure();
  });
  return () => {
    stopping = true;
    worker.postMessage('stop');
  };
}
