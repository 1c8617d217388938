import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChildServer, type ChildServer } from '../helpers/child-server';
import { createPostgresDatabase, type TestDialect } from '../helpers/dialects';
import { TestClient } from '../helpers/test-client';

/** One CloudStash process for the WebDAV client suites: any file type, large enough files, on `dialect`. */
export interface DavServer {
  baseUrl: string;
  davUrl: string;
  child: ChildServer;
  stop(): Promise<void>;
}

export async function startDavServer(
  dialect: TestDialect,
  options: { mediaOnly?: boolean; env?: Record<string, string> } = {},
): Promise<DavServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-dav-'));
  const database = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const child = await startChildServer({
    DATA_DIR: dataDir,
    ...(database && { DATABASE_URL: database.url }),
    // A WebDAV drive takes any file (the instance setting), and files larger than the default 5 MB.
    ...(!options.mediaOnly && { ALLOWED_UPLOAD_TYPES: 'any' }),
    MAX_UPLOAD_BYTES: String(64 * 1024 * 1024),
    ...options.env,
  });
  return {
    baseUrl: child.baseUrl,
    davUrl: `${child.baseUrl}/dav/`,
    child,
    stop: async () => {
      await child.kill('SIGKILL');
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface DavAccount {
  email: string;
  token: string;
  client: TestClient;
}

/** A new account signed in through the API, with an access token of `scope` for WebDAV. */
export async function davAccount(
  baseUrl: string,
  scope: 'read' | 'read-write' = 'read-write',
): Promise<DavAccount> {
  const client = new TestClient(baseUrl);
  const { email } = await client.signUp();
  const answer = await client.post('/api/v1/users/me/tokens', { name: `dav ${scope}`, scope });
  if (answer.status !== 201) throw new Error(`token: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { email, token: answer.body.data.token as string, client };
}

/** `Authorization` for an account's WebDAV requests. */
export const basicAuth = (account: { email: string; token: string }) =>
  `Basic ${Buffer.from(`${account.email}:${account.token}`).toString('base64')}`;

/**
 * Whether a client program is installed. In CI a missing one fails the suite (the clients are part of the
 * proof, and .ci/run installs them); elsewhere the suite is skipped and says why.
 */
export function clientInstalled(binary: string, debianPackage = binary): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' });
    return true;
  } catch {
    const reason = `${binary} is not installed (apt-get install ${debianPackage})`;
    if (process.env.CI) throw new Error(`WebDAV client suite cannot run: ${reason}`);
    console.warn(`\n!!! WebDAV suite for ${binary} SKIPPED: ${reason}\n`);
    return false;
  }
}
