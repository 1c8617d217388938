import crypto from 'node:crypto';
import http from 'node:http';

export interface SlowUpload {
  /** Resolves with the status and JSON body, or rejects when the connection dies. */
  response: Promise<{ status: number; body: any }>;
  /** Resolves once `afterBytes` of the file have been written to the socket. */
  started: Promise<void>;
}

/**
 * A multipart upload that trickles its file in `chunks` pieces `intervalMs` apart, on its own connection, so
 * a test can act (SIGTERM, SIGKILL) while the server is in the middle of receiving it.
 */
export function slowUpload(
  baseUrl: string,
  cookie: string,
  bytes: Buffer,
  { chunks = 20, intervalMs = 100, startedAfterChunks = 2 } = {},
): SlowUpload {
  const boundary = `----cloudstash${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="isPublic"\r\n\r\ntrue\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/api/v1/files/upload', baseUrl);
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + bytes.length + tail.length,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.write(head);
    const size = Math.ceil(bytes.length / chunks);
    let sent = 0;
    const next = () => {
      if (request.destroyed) return;
      if (sent >= chunks) {
        request.end(tail);
        return;
      }
      request.write(bytes.subarray(sent * size, (sent + 1) * size));
      sent += 1;
      if (sent === startedAfterChunks) markStarted();
      setTimeout(next, intervalMs);
    };
    next();
  });
  response.catch(() => markStarted());
  return { response, started };
}
