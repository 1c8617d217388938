import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { Envelope, Page, StorageStats, StoredFile, User, UserFileStats } from '@cloudstash/contract';
import { uniqueTextFile, type Fixture } from './files';

const V1 = '/api/v1';
/**
 * The server closes a keep-alive connection after 10 s idle (a hardening limit). A request context that reuses
 * one just as it closes gets ECONNRESET, as a test that signed a user in again after 10 s of screen checks did;
 * a browser sends such a request again on a new connection, and Playwright does so when asked.
 */
const RETRY_RESET = { maxRetries: 1 };

/** Someone who can sign in. */
export interface Credentials {
  name: string;
  email: string;
  password: string;
}
export interface Account extends Credentials {
  id: string;
  role: User['role'];
}

/** A password that follows the password rule (8+ characters, a digit, a lower- and an upper-case letter). */
export const PASSWORD = 'Secret123x';

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Linus',
  'Margaret',
  'Dennis',
  'Radia',
  'Ken',
];

/** Fresh, unique registration data. `label` ends up in the name and email to make failures readable. */
export function newCredentials(label: string): Credentials {
  const tag = randomBytes(4).toString('hex');
  const first = FIRST_NAMES[Math.floor(Math.random() * FIRST_NAMES.length)]!;
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    name: `${first} ${label} ${tag}`,
    email: `${slug}-${tag}@cloudstash.test`,
    password: PASSWORD,
  };
}

async function ok(response: APIResponse, what: string): Promise<void> {
  if (!response.ok()) {
    throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  }
}

export async function register(request: APIRequestContext, credentials: Credentials): Promise<void> {
  const response = await request.post(`${V1}/users/register`, {
    ...RETRY_RESET,
    data: { name: credentials.name, email: credentials.email, password: credentials.password },
  });
  await ok(response, `register ${credentials.email}`);
}

/** Signs in; on a page's request context (page.request) this signs the page in too (shared cookies). */
export async function signIn(request: APIRequestContext, credentials: Credentials): Promise<Account> {
  const response = await request.post(`${V1}/users/login`, {
    ...RETRY_RESET,
    data: { email: credentials.email, password: credentials.password },
  });
  await ok(response, `login ${credentials.email}`);
  const user = await currentUser(request);
  if (!user) throw new Error(`signed in as ${credentials.email} but /users/me answered no user`);
  return { ...credentials, id: user._id, role: user.role };
}

export async function currentUser(request: APIRequestContext): Promise<User | null> {
  const response = await request.get(`${V1}/users/me`, RETRY_RESET);
  if (!response.ok()) return null;
  return ((await response.json()) as Envelope<User>).data;
}

/** Registers a new standard user and signs `request` in as that user. */
export async function createUser(
  request: APIRequestContext,
  label = 'User',
  name?: string,
): Promise<Account> {
  const credentials = { ...newCredentials(label), ...(name ? { name } : {}) };
  await register(request, credentials);
  return signIn(request, credentials);
}

export interface UploadOptions {
  filename?: string;
  isPublic?: boolean;
}

/** Uploads through the API (for arranging a test; the upload screen itself is tested in upload.spec). */
export async function uploadFile(
  request: APIRequestContext,
  file: Fixture,
  { filename = file.stem, isPublic = false }: UploadOptions = {},
): Promise<StoredFile> {
  const response = await request.post(`${V1}/files/upload`, {
    ...RETRY_RESET,
    multipart: {
      filename,
      isPublic: String(isPublic),
      file: { name: file.name, mimeType: file.mimeType, buffer: file.bytes },
    },
  });
  await ok(response, `upload ${file.name}`);
  return ((await response.json()) as Envelope<StoredFile>).data;
}

/** `count` public text files named "{tag} n{i}", uploaded by the signed-in user of `request`. */
export async function seedPublicFiles(request: APIRequestContext, tag: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    // Distinct bytes each, so these uploads do not make one content the most duplicated of the run.
    await uploadFile(request, uniqueTextFile(tag, 200), {
      filename: `${tag} n${String(i).padStart(2, '0')}`,
      isPublic: true,
    });
  }
}

export async function getFile(request: APIRequestContext, id: string): Promise<StoredFile | null> {
  const response = await request.get(`${V1}/files/f/${id}`, RETRY_RESET);
  if (!response.ok()) return null;
  return ((await response.json()) as Envelope<StoredFile>).data;
}

/** Asks for a download link, which counts one download. */
/**
 * Counts one download of a file the caller owns, through a share link of its own: a link counts every completed
 * download, while a signed-in user's own downloads of one file count once a minute.
 */
export async function countDownload(request: APIRequestContext, id: string): Promise<void> {
  const created = await request.post(`${V1}/files/f/${id}/links`, { ...RETRY_RESET, data: {} });
  await ok(created, `share link for ${id}`);
  const { token } = (await created.json()).data as { token: string };
  await ok(await request.get(`${V1}/s/${token}/content?download=1`, RETRY_RESET), `download ${id}`);
}

/** Every item of a paginated list, following meta.nextCursor. */
export async function listAll<T>(
  request: APIRequestContext,
  path: string,
  params: Record<string, string> = {},
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let pageNo = 0; pageNo < 1000; pageNo++) {
    const query: Record<string, string> = { ...params, limit: '200' };
    if (cursor) query.cursor = cursor;
    const response = await request.get(`${V1}${path}`, { ...RETRY_RESET, params: query });
    await ok(response, `GET ${path}`);
    const body = (await response.json()) as Page<T>;
    items.push(...body.data);
    cursor = body.meta?.nextCursor ?? null;
    if (!cursor) return items;
  }
  throw new Error(`GET ${path}: more than 1000 pages`);
}

export async function myFiles(request: APIRequestContext): Promise<StoredFile[]> {
  return listAll<StoredFile>(request, '/files/user-files');
}

export async function storageStats(request: APIRequestContext): Promise<StorageStats> {
  const response = await request.get(`${V1}/admin/stats`, RETRY_RESET);
  await ok(response, 'GET /admin/stats');
  return ((await response.json()) as Envelope<StorageStats>).data;
}

export async function userStats(
  request: APIRequestContext,
  userId: string,
): Promise<UserFileStats & { user: User }> {
  const response = await request.get(`${V1}/admin/stats/${userId}`, RETRY_RESET);
  await ok(response, `GET /admin/stats/${userId}`);
  return ((await response.json()) as Envelope<UserFileStats & { user: User }>).data;
}

export async function expectSignedOut(request: APIRequestContext): Promise<void> {
  const response = await request.get(`${V1}/users/me`, RETRY_RESET);
  expect(response.status(), 'GET /users/me after logout').toBe(401);
}
