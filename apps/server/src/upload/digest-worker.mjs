// The digest thread's side (upload/digest-thread.ts): SHA-256 and CRC32C of each upload it is sent, by id, in
// the order its pieces arrive. Plain JavaScript, so it starts the same under the server's loader and the tests'.
import crypto from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { crc32c } from '@node-rs/crc32';

/** @type {Map<number, { hash: crypto.Hash, crc: number }>} */
const digests = new Map();

parentPort.on('message', (message) => {
  const { id } = message;
  if (message.drop) return void digests.delete(id);
  let digest = digests.get(id);
  if (!digest) digests.set(id, (digest = { hash: crypto.createHash('sha256'), crc: 0 }));
  if (message.buffer) {
    const bytes = new Uint8Array(message.buffer, 0, message.length);
    digest.hash.update(bytes);
    digest.crc = crc32c(bytes, digest.crc);
    // The buffer goes back to be filled again: one this thread kept would be freed only by its own garbage
    // collector, which a heap this small rarely runs, so the process grew by about 100 MB per GB hashed. The
    // sender also counts what it has queued here by these answers.
    parentPort.postMessage({ hashed: message.length, buffer: message.buffer }, [message.buffer]);
    return;
  }
  digests.delete(id);
  parentPort.postMessage({ id, hash: digest.hash.digest('hex'), crc32c: digest.crc | 0 });
});
