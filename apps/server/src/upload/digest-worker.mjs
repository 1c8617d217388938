// The digest thread's side (upload/digest-thread.ts): SHA-256 and CRC32C of each upload it is sent, by id, in
// the order its pieces arrive. Plain JavaScript, so it starts the same under the server's loader and the tests'.
import crypto from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { crc32c } from '@node-rs/crc32';

/** @type {Map<number, { hash: crypto.Hash, crc: number }>} */
const digests = new Map();

/**
 * Hashed buffers go back to be filled again: one this thread kept would be freed only by its own garbage
 * collector, which a heap this small rarely runs (the process grew by about 100 MB per GB hashed). They go
 * back together once the batches waiting here are done, so a busy thread wakes the event loop once for
 * several. The sender counts what it has queued here by these answers.
 */
let hashedBytes = 0;
/** @type {ArrayBuffer[]} */
let hashedBuffers = [];
function giveBack(buffer, length) {
  if (hashedBuffers.length === 0) setImmediate(sendBack);
  hashedBuffers.push(buffer);
  hashedBytes += length;
}
function sendBack() {
  parentPort.postMessage({ hashed: hashedBytes, buffers: hashedBuffers }, hashedBuffers);
  hashedBuffers = [];
  hashedBytes = 0;
}

parentPort.on('message', (message) => {
  const { id } = message;
  if (message.drop) return void digests.delete(id);
  let digest = digests.get(id);
  if (!digest) digests.set(id, (digest = { hash: crypto.createHash('sha256'), crc: 0 }));
  if (message.buffer) {
    const bytes = new Uint8Array(message.buffer, 0, message.length);
    digest.hash.update(bytes);
    digest.crc = crc32c(bytes, digest.crc);
    giveBack(message.buffer, message.length);
    return;
  }
  digests.delete(id);
  parentPort.postMessage({ id, hash: digest.hash.digest('hex'), crc32c: digest.crc | 0 });
});
