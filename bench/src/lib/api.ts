import { API_BASE } from '@cloudstash/contract';

export const BOUNDARY = '----cloudstashbench7MA4YWxkTrZu0gW';

/**
 * A multipart upload body exactly as a browser form sends it: the file, then the two text fields (and any
 * `extra` ones, such as the folder it goes into).
 */
export function multipartBody(
  file: Buffer,
  filename: string,
  mimetype: string,
  isPublic = false,
  extra: Record<string, string> = {},
) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mimetype}\r\n\r\n`,
  );
  const tail = Buffer.from(
    `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="filename"\r\n\r\n${filename.replace(/\.[^.]+$/, '')}` +
      `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="isPublic"\r\n\r\n${isPublic}` +
      Object.entries(extra)
        .map(
          ([name, value]) =>
            `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`,
        )
        .join('') +
      `\r\n--${BOUNDARY}--\r\n`,
  );
  return { body: Buffer.concat([head, file, tail]), fileOffset: head.length };
}

/** A batch upload form (POST /files/upload-batch): each file's own fields, then its part. */
export function batchMultipartBody(
  files: { bytes: Buffer; filename: string; mimetype: string; fields: Record<string, string> }[],
): Buffer {
  const parts: Buffer[] = [];
  const field = (name: string, value: string) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  for (const file of files) {
    parts.push(field('filename', file.filename.replace(/\.[^.]+$/, '')), field('isPublic', 'false'));
    for (const [name, value] of Object.entries(file.fields)) parts.push(field(name, value));
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.mimetype}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

export const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

async function expectOk(res: Response, what: string) {
  if (!res.ok) throw new Error(`${what} failed: ${res.status} ${await res.text()}`);
  return res;
}

/** Registers an account and signs in through the API; returns the session cookie. */
export async function signUp(origin: string, email: string, password = 'Bench-passw0rd-1'): Promise<string> {
  await expectOk(
    await fetch(`${origin}${API_BASE}/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench User', email, password }),
    }),
    'register',
  );
  const res = await expectOk(
    await fetch(`${origin}${API_BASE}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
    'login',
  );
  const cookie = res.headers.get('set-cookie');
  if (!cookie) throw new Error('login set no cookie');
  return cookie.split(';')[0]!;
}

export async function upload(origin: string, cookie: string, body: Buffer): Promise<{ _id: string }> {
  const res = await expectOk(
    await fetch(`${origin}${API_BASE}/files/upload`, {
      method: 'POST',
      headers: { ...multipartHeaders, cookie },
      body,
    }),
    'upload',
  );
  return ((await res.json()) as { data: { _id: string } }).data;
}

/** The signed download link of a file (path and query), as the web app gets it. */
export async function downloadLink(origin: string, cookie: string, fileId: string): Promise<string> {
  const res = await expectOk(
    await fetch(`${origin}${API_BASE}/files/f/${fileId}/download`, { headers: { cookie } }),
    'download link',
  );
  return ((await res.json()) as { data: { url: string } }).data.url;
}

/** GET with the session cookie; returns the status and body size (the page-size check). */
export async function getOnce(origin: string, cookie: string, path: string) {
  const res = await fetch(`${origin}${path}`, { headers: { cookie } });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    bytes: body.length,
    json: res.ok ? (JSON.parse(body.toString()) as unknown) : undefined,
  };
}
