// The SQLite checkpoint thread (db/checkpoints.ts): on a connection of its own, copies what the write-ahead log
// holds into the database file every so often. Plain JavaScript, so it starts the same under the server's
// loader and the tests'.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 5000');
// PASSIVE never waits for a reader or a writer: it copies what it can now, and the next pass the rest.
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A busy or closing database: the next pass tries again.
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
