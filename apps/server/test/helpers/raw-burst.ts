import net from 'node:net';

export interface BurstRequest {
  /** Where to send it (one of several processes, say). */
  baseUrl: string;
  path: string;
  json: unknown;
  headers?: Record<string, string>;
}

export interface BurstAnswer {
  status: number;
  headers: Record<string, string>;
  body: { message?: string; code?: string };
}

/**
 * POSTs every request at once over its own raw socket: each is written whole but its last byte, and only when
 * every socket holds its almost-complete request are the last bytes sent together, so the server receives the
 * burst in the same instant rather than one request after another as a client pool would send them.
 */
export async function postBurst(requests: BurstRequest[]): Promise<BurstAnswer[]> {
  const prepared = await Promise.all(requests.map(openAlmostSent));
  for (const p of prepared) p.socket.write(p.lastByte);
  return Promise.all(prepared.map((p) => p.answer));
}

async function openAlmostSent(request: BurstRequest) {
  const url = new URL(request.path, request.baseUrl);
  const body = Buffer.from(JSON.stringify(request.json));
  const head =
    `POST ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: close\r\n` +
    `content-type: application/json\r\ncontent-length: ${body.length}\r\n` +
    Object.entries(request.headers ?? {})
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    '\r\n';
  const bytes = Buffer.concat([Buffer.from(head), body]);
  const socket = net.connect(Number(url.port), url.hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const answer = new Promise<BurstAnswer>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  await new Promise<void>((resolve) => socket.write(bytes.subarray(0, -1), () => resolve()));
  return { socket, lastByte: bytes.subarray(-1), answer };
}

function parseAnswer(raw: Buffer): BurstAnswer {
  const text = raw.toString('utf8');
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const bodyText = text.slice(end + 4);
  return {
    status: Number(statusLine!.split(' ')[1]),
    headers,
    body: bodyText ? (JSON.parse(bodyText) as BurstAnswer['body']) : {},
  };
}
