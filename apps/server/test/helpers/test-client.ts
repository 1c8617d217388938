import crypto from 'node:crypto';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  bytes: Buffer;
}

let accountCounter = 0;
export const strongPassword = 'Zebra-Horse-77';

/** A unique, valid registration; override what a test cares about. */
export function newAccount(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  accountCounter += 1;
  return {
    name: `User ${accountCounter}`,
    email: `user${accountCounter}-${crypto.randomBytes(4).toString('hex')}@example.com`,
    password: strongPassword,
    ...overrides,
  };
}

export interface UploadInput {
  bytes: Buffer | Uint8Array;
  name?: string;
  type?: string;
  filename?: string;
  isPublic?: boolean | string;
  /** The folder the file goes into (form field `folderId`). */
  folderId?: string;
  /** Send the file part before the text fields (both orders must work). */
  fileFirst?: boolean;
}

function appendFields(form: FormData, input: UploadInput) {
  if (input.filename !== undefined) form.append('filename', input.filename);
  if (input.isPublic !== undefined) form.append('isPublic', String(input.isPublic));
  if (input.folderId !== undefined) form.append('folderId', input.folderId);
}

function appendFile(form: FormData, input: UploadInput) {
  const blob = new Blob([input.bytes], { type: input.type ?? 'application/octet-stream' });
  form.append('file', blob, input.name ?? 'upload.bin');
}

/** One browser: a cookie jar and the API's conventions (JSON in, JSON or bytes out). */
export class TestClient {
  private cookies = new Map<string, string>();
  user: { _id: string; name: string; email: string; role: string } | undefined;

  constructor(readonly baseUrl: string) {}

  /** The jar as a Cookie header, for requests sent without this client (raw HTTP). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(
    method: string,
    url: string,
    init: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const response = await fetch(new URL(url, this.baseUrl), { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value.join('=') === '')
        this.cookies.delete(name!);
      else this.cookies.set(name!, value.join('='));
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    const isJson = response.headers.get('content-type')?.includes('application/json');
    return {
      status: response.status,
      headers: response.headers,
      // A HEAD answer declares JSON but carries no body.
      body: (isJson && bytes.length ? JSON.parse(bytes.toString()) : undefined) as T,
      bytes,
    };
  }

  get<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, { headers });
  }
  post<T = any>(url: string, json?: unknown) {
    return this.request<T>('POST', url, { json });
  }
  patch<T = any>(url: string, json?: unknown) {
    return this.request<T>('PATCH', url, { json });
  }
  delete<T = any>(url: string) {
    return this.request<T>('DELETE', url);
  }

  async register(account = newAccount()) {
    const answer = await this.post('/api/v1/users/register', account);
    return { answer, account };
  }

  async login(email: string, password: string) {
    const answer = await this.post('/api/v1/users/login', { email, password });
    if (answer.status === 200) this.user = answer.body.data;
    return answer;
  }

  /** Registers a new account and signs in as it. */
  async signUp(overrides: Parameters<typeof newAccount>[0] = {}) {
    const { answer, account } = await this.register(newAccount(overrides));
    if (answer.status !== 201)
      throw new Error(`register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    const login = await this.login(account.email, account.password);
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    return { ...account, ...this.user! };
  }

  upload(input: UploadInput) {
    const form = new FormData();
    if (!input.fileFirst) appendFields(form, input);
    appendFile(form, input);
    if (input.fileFirst) appendFields(form, input);
    return this.request('POST', '/api/v1/files/upload', { body: form });
  }

  /** Many files in one request: each file's own fields, then its part, in order. */
  uploadBatch(inputs: UploadInput[]) {
    const form = new FormData();
    for (const input of inputs) {
      appendFields(form, input);
      appendFile(form, input);
    }
    return this.request('POST', '/api/v1/files/upload-batch', { body: form });
  }
}
