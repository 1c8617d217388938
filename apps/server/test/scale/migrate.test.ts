import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { Crc32c } from '../../src/blobs/checksum';
import { loadConfig } from '../../src/config';
import { connectDatabase } from '../../src/db/connect';
import { startTestS3, closedPort, type TestS3 } from '../blobs/s3-server';
import { startChildServer, type ChildServer } from '../helpers/child-server';
import { createPostgresDatabase } from '../helpers/dialects';
import { mp4, pdf, png, sha256, text } from '../helpers/fixtures';
import { TestClient } from '../helpers/test-client';
import { postgresAvailable } from './postgres-gate';
import { runCli } from './run-cli';

const RUN = postgresAvailable('migrate (embedded -> PostgreSQL + S3)');

interface SourceFile {
  id: string;
  hash: string;
  owner: string;
}

/** Builds an embedded instance with shared and private files, a deleted one, downloads and live sessions. */
async function populateEmbedded(dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    REGISTER_RATE_LIMIT_PER_HOUR: '10000',
    APP_SECRET: 'migrate-source',
  });
  const built = await buildApp(config);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (built.app.server.address() as { port: number }).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const clients = [new TestClient(baseUrl), new TestClient(baseUrl), new TestClient(baseUrl)];
  const accounts: Array<Awaited<ReturnType<TestClient['signUp']>>> = [];
  for (const client of clients) accounts.push(await client.signUp());
  const files: SourceFile[] = [];
  const upload = async (who: number, bytes: Buffer, isPublic = false) => {
    const answer = await clients[who]!.upload({ bytes, isPublic, name: 'f' });
    expect(answer.status).toBe(201);
    files.push({ id: answer.body.data._id, hash: sha256(bytes), owner: accounts[who]!.email });
    return answer.body.data._id as string;
  };
  const shared = png(1, 64, 64);
  await upload(0, shared, true);
  await upload(1, shared);
  await upload(2, shared);
  await upload(0, mp4(3, 200_000), true);
  await upload(1, pdf('migrate'));
  await upload(2, text('plain words\n'));
  for (let i = 0; i < 6; i++) await upload(i % 3, png(100 + i, 32, 32), i % 2 === 0);
  // A deleted file leaves nothing to copy.
  const gone = await upload(1, png(999, 16, 16));
  expect((await clients[1]!.delete(`/api/v1/files/delete/${gone}`)).status).toBe(200);
  files.splice(
    files.findIndex((f) => f.id === gone),
    1,
  );
  // A download counts once its bytes have been delivered through the link, just after the response ends.
  const signed = await clients[0]!.get(`/api/v1/files/f/${files[0]!.id}/download`);
  expect((await clients[0]!.get(signed.body.data.url)).status).toBe(200);
  for (let i = 0; ; i++) {
    const file = await clients[0]!.get(`/api/v1/files/f/${files[0]!.id}`);
    if (file.body.data.downloadCount === 1 || i > 200) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  // A share link with one of its two downloads used, and its history.
  const link = (await clients[0]!.post(`/api/v1/files/f/${files[0]!.id}/links`, { maxDownloads: 2 })).body
    .data;
  const visitor = new TestClient(baseUrl);
  expect((await visitor.get(`/api/v1/s/${link.token}/content?download=1`)).status).toBe(200);
  // Thumbnails are made in the background; the figures compared after the move include them once all are done.
  for (;;) {
    const open = await built.db
      .selectFrom('jobs')
      .select('id')
      .where('state', 'in', ['queued', 'running'])
      .execute();
    if (open.length === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const stats = (await clients[0]!.get('/api/v1/admin/stats')).body.data;
  expect(stats.thumbnailBytes).toBeGreaterThan(0);
  // A script's access token and an instance setting: account rows beyond users and sessions.
  const token = (await clients[1]!.post('/api/v1/users/me/tokens', { name: 'sync', scope: 'read' })).body.data
    .token as string;
  expect((await clients[0]!.patch('/api/v1/admin/settings', { registration: 'invite' })).status).toBe(200);
  await built.app.close();
  return {
    accounts,
    files,
    stats,
    token,
    sessionClient: clients[2]!,
    link: link as { _id: string; token: string },
  };
}

describe.runIf(RUN)('migrate: embedded instance into PostgreSQL + S3', () => {
  let s3: TestS3;
  const cleanups: Array<() => Promise<void> | void> = [];
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await s3?.close();
  });
  const tempDir = (label: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cloudstash-${label}-`));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it(
    'copies everything, passes fsck on the target, and the new instance serves every file and session',
    { timeout: 240_000 },
    async () => {
      const sourceDir = tempDir('migrate-source');
      const source = await populateEmbedded(sourceDir);
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      const bucket = `migrated-${Date.now()}`; // not created: --create-bucket makes it
      const targetEnv = {
        ...s3.env(bucket),
        DATABASE_URL: database.url,
        DATA_DIR: tempDir('migrate-target'),
        APP_SECRET: 'migrate-target',
      };

      // As if the source's blobs were written before checksums were kept: the copy must work them out.
      const sourceDb = connectDatabase(loadConfig({ DATA_DIR: sourceDir }));
      await sourceDb.updateTable('blobs').set({ crc32c: null }).execute();
      await sourceDb.destroy();

      const migrated = await runCli(['migrate', '--from', sourceDir, '--create-bucket'], targetEnv);
      expect(
        migrated.stderr.replace(
          /\(node:\d+\) Warning: NodeVersionSupportWarning[\s\S]*?show where the warning was created\)\n?/g,
          '',
        ),
      ).toBe('');
      expect(migrated.code).toBe(0);
      const uniqueBlobs = new Set(source.files.map((f) => f.hash)).size;
      expect(migrated.stdout).toContain(
        `copied 3 users, 3 sessions, ${source.files.length} files and ${uniqueBlobs} blobs`,
      );
      expect(migrated.stdout).toContain('0 problem(s)');

      const fsck = await runCli(['fsck'], targetEnv);
      expect(fsck.code).toBe(0);
      expect(fsck.stdout).toContain(`fsck: ${uniqueBlobs} blobs checked, 0 problem(s)`);

      // Every blob arrived with the checksum of its own bytes, which whole downloads check.
      const targetDb = connectDatabase(loadConfig(targetEnv));
      const rows = await targetDb.selectFrom('blobs').select(['hash', 'crc32c']).execute();
      await targetDb.destroy();
      expect(rows).toHaveLength(uniqueBlobs);
      for (const row of rows) {
        const bytes = fs.readFileSync(
          path.join(sourceDir, 'blobs', row.hash.slice(0, 2), row.hash.slice(2, 4), row.hash),
        );
        const crc = new Crc32c();
        crc.update(bytes);
        expect(row.crc32c, row.hash).toBe(crc.digest());
      }

      // A second run refuses rather than doubling anything.
      const again = await runCli(['migrate', '--from', sourceDir], targetEnv);
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('already has users, files or blobs');

      const server: ChildServer = await startChildServer({ ...targetEnv, PORT: String(await closedPort()) });
      cleanups.push(() => server.kill('SIGKILL').then(() => undefined));
      // Passwords, files, bytes, download counts and statistics all came across.
      for (const account of source.accounts) {
        const client = new TestClient(server.baseUrl);
        expect((await client.login(account.email, account.password)).status).toBe(200);
        const own = (await client.get('/api/v1/files/user-files')).body.data as Array<{
          _id: string;
          downloadCount: number;
        }>;
        const expected = source.files.filter((f) => f.owner === account.email);
        expect(own.map((f) => f._id).sort()).toEqual(expected.map((f) => f.id).sort());
        for (const file of expected) {
          const content = await client.get(`/api/v1/files/f/${file.id}/content`);
          expect(content.status).toBe(200);
          expect(sha256(content.bytes)).toBe(file.hash);
        }
      }
      const admin = new TestClient(server.baseUrl);
      await admin.login(source.accounts[0]!.email, source.accounts[0]!.password);
      expect((await admin.get(`/api/v1/files/f/${source.files[0]!.id}`)).body.data.downloadCount).toBe(2);
      // Share links came across: the visitor's link still works with what is left of its limit, the history is
      // whole, and the owner's list shows the link, without its address (the target has another APP_SECRET).
      const visitor = new TestClient(server.baseUrl);
      expect((await visitor.get(`/api/v1/s/${source.link.token}`)).body.data.downloadsLeft).toBe(1);
      expect((await admin.get(`/api/v1/files/f/${source.files[0]!.id}/downloads`)).body.data.total).toBe(2);
      const links = (await admin.get('/api/v1/links')).body.data;
      expect(links).toMatchObject([{ _id: source.link._id, downloads: 1, token: '', url: '' }]);
      // mostDuplicatedFile names "one of its files" (id, name, url): any of the three holders will do.
      const stats = (await admin.get('/api/v1/admin/stats')).body.data;
      const sharedIds = source.files
        .filter((f) => f.hash === stats.mostDuplicatedFile.sha256)
        .map((f) => f.id);
      expect(sharedIds.map((id) => `/api/v1/files/f/${id}/content`)).toContain(stats.mostDuplicatedFile.url);
      const withoutUrl = (s: { mostDuplicatedFile: object }) => ({
        ...s,
        mostDuplicatedFile: { ...s.mostDuplicatedFile, url: '', fileId: '', filename: '' },
      });
      expect(withoutUrl(stats)).toEqual(withoutUrl(source.stats));
      // A browser signed in on the old instance stays signed in on the new one (sessions are rows too).
      const sessionMoved = new TestClient(server.baseUrl);
      Object.assign(sessionMoved, {
        cookies: (source.sessionClient as unknown as { cookies: Map<string, string> }).cookies,
      });
      expect((await sessionMoved.get('/api/v1/users/me')).status).toBe(200);
      const bearer = await new TestClient(server.baseUrl).get('/api/v1/users/me', {
        authorization: `Bearer ${source.token}`,
      });
      expect(bearer.body.data?.email).toBe(source.accounts[1]!.email);
      expect((await new TestClient(server.baseUrl).get('/api/v1/users/registration')).body.data.mode).toBe(
        'invite',
      );
      console.log(
        `[migrate] ${source.accounts.length} users, ${source.files.length} files, ${uniqueBlobs} blobs moved; target fsck clean`,
      );
    },
  );

  it('stops before writing any row when a source blob is damaged', async () => {
    const sourceDir = tempDir('migrate-damaged');
    const source = await populateEmbedded(sourceDir);
    const victim = source.files[3]!.hash;
    const blobFile = path.join(sourceDir, 'blobs', victim.slice(0, 2), victim.slice(2, 4), victim);
    const bytes = fs.readFileSync(blobFile);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    fs.writeFileSync(blobFile, bytes);
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const bucket = await s3.createBucket();
    const targetEnv = { ...s3.env(bucket), DATABASE_URL: database.url, DATA_DIR: tempDir('migrate-target') };
    const result = await runCli(['migrate', '--from', sourceDir], targetEnv);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Source blob ${victim} is damaged`);
    const users = await runCli(['fsck'], targetEnv);
    expect(users.stdout).toContain('fsck: 0 blobs checked, 0 problem(s)');
  });

  it('explains what is wrong with the invocation', async () => {
    expect((await runCli(['migrate'], {})).stderr).toContain('migrate needs --from');
    const dir = tempDir('migrate-empty');
    expect((await runCli(['migrate', '--from', dir], {})).stderr).toContain('No embedded instance at');
    const sourceDir = tempDir('migrate-nodb');
    fs.writeFileSync(path.join(sourceDir, 'cloudstash.db'), '');
    const noPg = await runCli(['migrate', '--from', sourceDir], { DATA_DIR: tempDir('x'), DATABASE_URL: '' });
    expect(noPg.code).toBe(2);
    expect(noPg.stderr).toContain('set DATABASE_URL=postgres://');
  });
});
