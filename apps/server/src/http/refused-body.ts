import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

/** How much of a refused request's remaining body is read, and for how long, before the connection is closed. */
export const REFUSED_BODY_DRAIN = { bytes: 1024 * 1024, ms: 2000 } as const;

/**
 * After answering a request whose body is still arriving (an upload refused as too large, with a second file or
 * of a refused type), reads and discards what follows, up to a bound.
 *
 * Closing the socket with request bytes still unread makes the kernel send a reset, and a reset makes the
 * client drop whatever it has not read yet, our answer included: the client sees "connection reset" instead of
 * the reason. So the rest of a small body is read and the connection stays usable. A body that goes on past the
 * bound (an oversized or endless upload) is not read for ever: the socket is ended gracefully (the answer, then
 * a FIN), reading stops, and it is destroyed only after a further grace period in which the client reads the
 * answer and stops sending.
 */
export function drainRefusedBody(request: IncomingMessage, limits = REFUSED_BODY_DRAIN): void {
  const socket = request.socket;
  // Requests injected in-process (tests) have no connection to keep or close.
  if (request.complete || request.destroyed || !(socket instanceof Socket)) return;
  // Counted on the socket: when Node discards a body no one began reading, the request emits no data, so a
  // watch on the socket's count backs up the count of data events.
  const readBefore = socket.bytesRead;
  const overBound = () => socket.bytesRead - readBefore > limits.bytes;
  const discard = () => {
    if (overBound()) giveUp();
  };
  const finish = () => {
    clearTimeout(timer);
    clearInterval(watch);
    request.off('data', discard);
    request.off('end', finish);
  };
  const giveUp = () => {
    finish();
    request.pause();
    socket.pause();
    socket.end();
    setTimeout(() => socket.destroy(), limits.ms).unref();
  };
  const timer = setTimeout(giveUp, limits.ms);
  const watch = setInterval(discard, 10);
  timer.unref();
  watch.unref();
  request.on('data', discard);
  request.once('end', finish);
  request.resume();
}
