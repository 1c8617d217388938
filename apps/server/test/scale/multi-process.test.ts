import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { S3BlobStore } from '../../src/blobs/s3-blob-store';
import { loadConfig } from '../../src/config';
import { connectDatabase } from '../../src/db/connect';
import { releaseLease, tryAcquireLease } from '../../src/repositories/leases';
import { createServices } from '../../src/services/container';
import { startTestS3, type TestS3 } from '../blobs/s3-server';
import { createPostgresDatabase } from '../helpers/dialects';
import { mp4, png, sha256 } from '../helpers/fixtures';
import { newAccount } from '../helpers/test-client';
import { Cluster } from './cluster';
import { postgresAvailable } from './postgres-gate';
import { runCli } from './run-cli';
import { slowUpload } from './slow-upload';

const RUN = postgresAvailable('multi-process suite (3 processes, PostgreSQL + S3)');

const NODES = 3;
const USERS = 6;
/** One content uploaded by every user this many times at once, through all processes. */
const SAME_BYTES_PER_USER = 8;
/** Contents each uploaded by several users at once through different processes (racing to create the blob). */
const RACING_GROUPS = 12;
const RACERS_PER_GROUP = 4;
const DISTINCT_PER_USER = 8;
/** Rounds in which every holder of some bytes deletes them while others upload the same bytes. */
const DELETE_RACE_ROUNDS = 24;
const ROUNDS_AT_ONCE = 6;

interface ModelFile {
  id: string;
  owner: string;
  hash: string;
  size: number;
  name: string;
  bytes: Buffer;
}
interface User {
  id: string;
  name: string;
  email: string;
  password: string;
  cookie: string;
  /** The process this user signed in on; every other process must honour the session too. */
  home: number;
}
type Answer = { status: number; body: any; bytes: Buffer };

describe.runIf(RUN)(
  'three processes over one PostgreSQL database and one S3 bucket',
  { timeout: 150_000 },
  () => {
    let s3: TestS3;
    let cluster: Cluster;
    let database: { url: string; drop: () => Promise<void> };
    let bucket: string;
    let sql: pg.Pool;

    // What the test knows by itself: every file that must exist, with its bytes.
    const files = new Map<string, ModelFile>();
    const users: User[] = [];
    const figures = {
      requests: 0,
      requestsPerProcess: Array.from({ length: NODES }, () => 0),
      crossProcessSessionChecks: 0,
      signedLinksAcrossProcesses: 0,
      concurrentUploads: 0,
      sameBytesRaces: 0,
      deleteUploadRaces: 0,
      reclaimedThenReuploaded: 0,
      leaseContenders: 0,
      gcPassesDuringUploads: 0,
      uploadsDuringGc: 0,
      orphanedObjectsPlanted: 0,
      uploadWonTheLock: 0,
      killedWithSigkill: 0,
      uploadsSentToKilledProcess: 0,
      acknowledgedBeforeKill: 0,
      cutOffByKill: 0,
      cutOffButCommitted: 0,
      stoppedWithSigterm: 0,
      finishedDuringShutdown: 0,
      downloadsCompared: 0,
      gc: '',
      fsck: '',
      durationsMs: {} as Record<string, number>,
    };
    let counter = 0;
    const uniqueName = (label: string) => `${label}-${++counter}`;

    async function call(
      node: number,
      method: string,
      url: string,
      init: { cookie?: string; json?: unknown; body?: FormData; headers?: Record<string, string> } = {},
    ): Promise<Answer> {
      figures.requests += 1;
      figures.requestsPerProcess[node]! += 1;
      const headers: Record<string, string> = { ...init.headers };
      if (init.cookie) headers.cookie = init.cookie;
      let body: RequestInit['body'] = init.body;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      }
      const response = await fetch(new URL(url, cluster.url(node)), {
        method,
        headers,
        body,
        redirect: 'manual',
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      const isJson = response.headers.get('content-type')?.includes('application/json');
      return { status: response.status, body: isJson ? JSON.parse(bytes.toString()) : undefined, bytes };
    }

    async function upload(
      node: number,
      user: User,
      bytes: Buffer,
      name = uniqueName('f'),
    ): Promise<Answer & { name: string }> {
      const form = new FormData();
      form.append('filename', name);
      form.append('isPublic', String(counter % 2 === 0));
      form.append('file', new Blob([bytes]), `${name}.bin`);
      const answer = await call(node, 'POST', '/api/v1/files/upload', { cookie: user.cookie, body: form });
      if (answer.status === 201) {
        files.set(answer.body.data._id, {
          id: answer.body.data._id,
          owner: user.id,
          hash: sha256(bytes),
          size: bytes.length,
          name,
          bytes,
        });
      }
      return { ...answer, name };
    }

    async function remove(node: number, user: User, id: string): Promise<Answer> {
      const answer = await call(node, 'DELETE', `/api/v1/files/delete/${id}`, { cookie: user.cookie });
      if (answer.status === 200) files.delete(id);
      return answer;
    }

    async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
      const started = Date.now();
      try {
        return await work();
      } finally {
        figures.durationsMs[label] = Date.now() - started;
      }
    }

    beforeAll(async () => {
      const started = Date.now();
      s3 = await startTestS3();
      bucket = await s3.createBucket();
      database = await createPostgresDatabase();
      sql = new pg.Pool({ connectionString: database.url, max: 4 });
      figures.durationsMs.startS3AndDatabase = Date.now() - started;
      cluster = await Cluster.start({ databaseUrl: database.url, s3, bucket, size: NODES });
      figures.durationsMs.startThreeProcesses = Date.now() - started - figures.durationsMs.startS3AndDatabase;
    }, 120_000);

    afterAll(async () => {
      await cluster?.stop();
      const errors = cluster?.logs.filter((line) => /"level":(50|60)/.test(line)) ?? [];
      if (process.env.SCALE_LOG_FILE)
        (await import('node:fs')).writeFileSync(process.env.SCALE_LOG_FILE, cluster?.logs.join('\n') ?? '');
      if (errors.length) console.log(`errors logged by the processes:\n${errors.slice(-20).join('\n')}`);
      await sql?.end();
      await database?.drop();
      await s3?.close();
    });

    it('a sign-in on one process is honoured by every other (and a sign-out too)', async () => {
      await timed('sessions', async () => {
        // The first account is the administrator: make it alone, then the rest at once, each on a different process.
        const register = async (i: number) => {
          const account = newAccount();
          const home = i % NODES;
          const created = await call((i + 1) % NODES, 'POST', '/api/v1/users/register', { json: account });
          expect(created.status).toBe(201);
          figures.requests += 1;
          figures.requestsPerProcess[home]! += 1;
          const login = await fetch(new URL('/api/v1/users/login', cluster.url(home)), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: account.email, password: account.password }),
          });
          expect(login.status).toBe(200);
          const data = ((await login.json()) as { data: { _id: string } }).data;
          const cookie = login.headers
            .getSetCookie()
            .map((c) => c.split(';')[0])
            .join('; ');
          users[i] = {
            id: data._id,
            name: account.name,
            email: account.email,
            password: account.password,
            cookie,
            home,
          };
        };
        await register(0);
        await Promise.all(Array.from({ length: USERS - 1 }, (_, i) => register(i + 1)));

        for (const user of users) {
          for (let node = 0; node < NODES; node++) {
            const me = await call(node, 'GET', '/api/v1/users/me', { cookie: user.cookie });
            expect(me.status, `user signed in on ${user.home}, asked ${node}`).toBe(200);
            expect(me.body.data._id).toBe(user.id);
            figures.crossProcessSessionChecks += 1;
          }
        }
        // A throw-away session: made on one process, signed out on another, then refused by all.
        const extra = users[1]!;
        figures.requests += 1;
        figures.requestsPerProcess[2]! += 1;
        const fresh = await fetch(new URL('/api/v1/users/login', cluster.url(2)), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: extra.email, password: extra.password }),
        });
        expect(fresh.status).toBe(200);
        const freshCookie = fresh.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        expect((await call(0, 'GET', '/api/v1/users/me', { cookie: freshCookie })).status).toBe(200);
        expect((await call(0, 'POST', '/api/v1/users/logout', { cookie: freshCookie })).status).toBe(200);
        for (let node = 0; node < NODES; node++) {
          expect((await call(node, 'GET', '/api/v1/users/me', { cookie: freshCookie })).status).toBe(401);
          figures.crossProcessSessionChecks += 1;
        }
      });
    });

    it('many concurrent uploads of the same bytes and of different bytes, through every process, all land once', async () => {
      await timed('concurrentUploads', async () => {
        const same = png(4242, 64, 64);
        const groups = Array.from({ length: RACING_GROUPS }, (_, g) => mp4(700 + g, 20_000 + g * 512));
        const jobs: Array<Promise<Answer>> = [];
        users.forEach((user, u) => {
          for (let k = 0; k < SAME_BYTES_PER_USER; k++) jobs.push(upload((u + k) % NODES, user, same));
          for (let k = 0; k < DISTINCT_PER_USER; k++)
            jobs.push(upload((u + k + 1) % NODES, user, png(10_000 + u * 100 + k, 24, 24)));
        });
        groups.forEach((bytes, g) => {
          for (let r = 0; r < RACERS_PER_GROUP; r++)
            jobs.push(upload((g + r) % NODES, users[(g + r) % USERS]!, bytes));
        });
        const answers = await Promise.all(jobs);
        figures.concurrentUploads += answers.length;
        figures.sameBytesRaces += 1 + RACING_GROUPS;
        expect(answers.map((a) => a.status).filter((s) => s !== 201)).toEqual([]);
        const blobRows = await sql.query('select hash, ref_count from blobs where hash = $1', [sha256(same)]);
        expect(blobRows.rows).toEqual([{ hash: sha256(same), ref_count: USERS * SAME_BYTES_PER_USER }]);
        for (const bytes of groups) {
          const row = await sql.query('select ref_count from blobs where hash = $1', [sha256(bytes)]);
          expect(row.rows[0].ref_count).toBe(RACERS_PER_GROUP);
        }
      });
    });

    it('a download link signed by one process is accepted by the others (shared APP_SECRET)', async () => {
      const sample = [...files.values()].slice(0, 5);
      for (const file of sample) {
        const owner = users.find((u) => u.id === file.owner)!;
        const link = await call(0, 'GET', `/api/v1/files/f/${file.id}/download`, { cookie: owner.cookie });
        expect(link.status).toBe(200);
        for (let node = 1; node < NODES; node++) {
          // Only the path and query: the link may carry the origin of the process that signed it.
          const signed = new URL(link.body.data.url, 'http://placeholder');
          const content = await call(node, 'GET', signed.pathname + signed.search);
          expect(content.status).toBe(200);
          expect(sha256(content.bytes)).toBe(file.hash);
          figures.signedLinksAcrossProcesses += 1;
        }
      }
    });

    it('deletes of the last reference racing uploads of the same bytes never lose bytes', async () => {
      await timed('deleteUploadRaces', async () => {
        const round = async (r: number) => {
          const bytes = mp4(9000 + r, 48_000 + r * 97);
          const hash = sha256(bytes);
          const [a, b, c, d] = [0, 1, 2, 3].map((k) => users[(r + k) % USERS]!);
          const held = [await upload(r % NODES, a!, bytes), await upload((r + 1) % NODES, b!, bytes)];
          expect(held.map((h) => h.status)).toEqual([201, 201]);
          const before = (await sql.query('select created_at from blobs where hash = $1', [hash])).rows[0]
            .created_at;
          // Every holder lets go while two others (one after a small random pause) upload the very same bytes.
          const jitter = () => new Promise((resolve) => setTimeout(resolve, crypto.randomInt(0, 25)));
          const results = await Promise.all([
            remove(r % NODES, a!, held[0]!.body.data._id),
            remove((r + 1) % NODES, b!, held[1]!.body.data._id),
            upload((r + 2) % NODES, c!, bytes),
            jitter().then(() => upload(r % NODES, d!, bytes)),
          ]);
          expect(results.map((x) => x.status)).toEqual([200, 200, 201, 201]);
          figures.deleteUploadRaces += 1;
          const after = await sql.query('select created_at, ref_count from blobs where hash = $1', [hash]);
          expect(after.rows[0].ref_count).toBe(2);
          // A new row means the deletes won, the blob was reclaimed (bytes deleted) and an upload wrote them again.
          if (after.rows[0].created_at !== before) figures.reclaimedThenReuploaded += 1;
          else figures.uploadWonTheLock += 1;
          // The survivors' bytes are there, whichever way the race went.
          for (const result of results.slice(2)) {
            const content = await call(
              (r + 1) % NODES,
              'GET',
              `/api/v1/files/f/${result.body.data._id}/content`,
              { cookie: users[0]!.cookie },
            );
            expect(sha256(content.bytes)).toBe(hash);
          }
        };
        for (let start = 0; start < DELETE_RACE_ROUNDS; start += ROUNDS_AT_ONCE) {
          await Promise.all(
            Array.from({ length: Math.min(ROUNDS_AT_ONCE, DELETE_RACE_ROUNDS - start) }, (_, i) =>
              round(start + i),
            ),
          );
        }
      });
    });

    it('reclamation runs in one process at a time and, even with no grace period, spares bytes an upload is about to reference', async () => {
      await timed('reclamationDuringUploads', async () => {
        // The lease: many would-be sweepers at once, exactly one wins; nobody else until it expires or is released.
        const db = connectDatabase({ database: { kind: 'postgres', url: database.url } });
        const now = new Date();
        const until = new Date(now.getTime() + 60_000).toISOString();
        const contenders = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            tryAcquireLease(db, 'gc-test', `process-${i}`, now.toISOString(), until),
          ),
        );
        expect(contenders.filter(Boolean)).toHaveLength(1);
        const winner = `process-${contenders.indexOf(true)}`;
        expect(await tryAcquireLease(db, 'gc-test', 'late-comer', new Date().toISOString(), until)).toBe(
          false,
        );
        await releaseLease(db, 'gc-test', winner);
        expect(await tryAcquireLease(db, 'gc-test', 'late-comer', new Date().toISOString(), until)).toBe(
          true,
        );
        figures.leaseContenders = contenders.length;

        // gc with zero grace sweeping in a loop while the three processes take uploads and deletes of shared
        // bytes: stored objects whose rows are not yet committed look exactly like a crash's leftovers.
        const store = new S3BlobStore(s3.storeOptions(bucket));
        const services = createServices(
          loadConfig({ ...cluster.env(0), DATA_DIR: cluster.dataDirs[0]! + '-gc', LOG_LEVEL: 'silent' }),
          db,
          store,
          Buffer.from('x'),
          pino({ level: 'silent' }),
        );
        let busy = true;
        const sweeper = (async () => {
          while (busy) {
            await services.maintenance.gc({ graceMs: 0 });
            figures.gcPassesDuringUploads += 1;
          }
        })();
        const jobs: Array<Promise<Answer>> = [];
        for (let i = 0; i < 36; i++) {
          const user = users[i % USERS]!;
          const bytes = mp4(60_000 + (i % 12), 30_000 + (i % 12) * 100);
          jobs.push(
            upload(i % NODES, user, bytes).then(async (answer) => {
              expect(answer.status).toBe(201);
              // Every third one is deleted again at once, so blobs keep dropping to zero references under gc's nose.
              if (i % 3 === 0)
                expect((await remove((i + 1) % NODES, user, answer.body.data._id)).status).toBe(200);
              return answer;
            }),
          );
        }
        try {
          await Promise.all(jobs);
        } finally {
          busy = false;
          await sweeper;
        }
        figures.uploadsDuringGc = jobs.length;
        store.destroy();
        await db.destroy();
        // What survived is readable now (and is checked again, with everything else, at the end).
        for (const answer of await Promise.all(jobs)) {
          const file = files.get(answer.body.data._id);
          if (!file) continue;
          const content = await call(2, 'GET', `/api/v1/files/f/${file.id}/content`, {
            cookie: users[0]!.cookie,
          });
          expect(sha256(content.bytes)).toBe(file.hash);
        }
      });
    });

    it('a process killed with SIGKILL mid-upload loses nothing it acknowledged and leaves only garbage gc reclaims', async () => {
      await timed('sigkill', async () => {
        const victim = 2;
        const owner = users[victim]!;
        const pending: Array<{
          name: string;
          bytes: Buffer;
          user: User;
          outcome: Promise<Answer | 'cut off'>;
        }> = [];
        const track = (name: string, bytes: Buffer, user: User, outcome: Promise<Answer>) =>
          pending.push({ name, bytes, user, outcome: outcome.catch(() => 'cut off' as const) });

        // Slow uploads are still arriving when the kill comes; quick ones are being hashed, stored or committed.
        const slow = [0, 1, 2, 3].map((i) => {
          const bytes = mp4(31_000 + i, 600_000);
          const name = uniqueName('slow');
          // Still arriving when the kill comes (about 6 s of trickle).
          const form = slowUpload(cluster.url(victim), owner.cookie, bytes, {
            chunks: 60,
            intervalMs: 100,
            startedAfterChunks: 3,
          });
          figures.requests += 1;
          figures.requestsPerProcess[victim]! += 1;
          track(
            name,
            bytes,
            owner,
            form.response.then((a) => ({ ...a, bytes: Buffer.alloc(0) })),
          );
          return { form, bytes };
        });
        await Promise.all(slow.map((s) => s.form.started));
        // Quick uploads keep arriving, one every 20 ms, so that at the moment of the kill some are answered,
        // some are being hashed, stored in S3 or committed, and some have only just begun.
        const existing = [...files.values()].slice(0, 10);
        let answered = 0;
        const quick = (async () => {
          for (let i = 0; i < 60 && cluster.nodes[victim]; i++) {
            const user = users[i % USERS]!;
            // Half new bytes, half bytes already stored (the deduplicating path).
            const bytes = i % 2 === 0 ? mp4(32_000 + i, 40_000) : existing[i % existing.length]!.bytes;
            const name = uniqueName('kill');
            const outcome = upload(victim, user, bytes, name);
            void outcome.then(
              () => (answered += 1),
              () => undefined,
            );
            track(name, bytes, user, outcome);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })();
        // The other processes keep serving while one dies.
        const elsewhere = Array.from({ length: 12 }, (_, i) =>
          upload(i % 2, users[i % USERS]!, mp4(33_000 + i, 30_000)),
        );
        // Kill once a few quick uploads have been answered (so some are acknowledged and others are mid-way).
        for (const until = Date.now() + 10_000; answered < 4 && Date.now() < until;) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await new Promise((resolve) => setTimeout(resolve, crypto.randomInt(0, 40)));
        await cluster.kill(victim, 'SIGKILL');
        figures.killedWithSigkill += 1;
        await quick;

        expect((await Promise.all(elsewhere)).map((a) => a.status).filter((s) => s !== 201)).toEqual([]);
        const outcomes = await Promise.all(pending.map((p) => p.outcome));
        const cutOff = pending.filter((_, i) => outcomes[i] === 'cut off');
        for (const [i, outcome] of outcomes.entries()) {
          if (outcome === 'cut off') continue;
          expect(outcome.status, pending[i]!.name).toBe(201);
          figures.acknowledgedBeforeKill += 1;
          if (!files.has(outcome.body.data._id)) {
            const p = pending[i]!;
            files.set(outcome.body.data._id, {
              id: outcome.body.data._id,
              owner: p.user.id,
              hash: sha256(p.bytes),
              size: p.bytes.length,
              name: p.name,
              bytes: p.bytes,
            });
          }
        }
        figures.cutOffByKill = cutOff.length;
        figures.uploadsSentToKilledProcess = pending.length;
        expect(cutOff.length).toBeGreaterThan(0);

        // An upload cut off by the kill may or may not have committed; the client cannot know, so ask.
        await cluster.startNode(victim);
        for (const p of cutOff) {
          const listed = await call(
            0,
            'GET',
            `/api/v1/files/user-files?q=${encodeURIComponent(p.name)}&limit=200`,
            { cookie: p.user.cookie },
          );
          const match = (listed.body.data as Array<{ _id: string; filename: string }>).filter(
            (f) => f.filename === p.name,
          );
          expect(match.length).toBeLessThanOrEqual(1);
          if (match[0]) {
            figures.cutOffButCommitted += 1;
            files.set(match[0]._id, {
              id: match[0]._id,
              owner: p.user.id,
              hash: sha256(p.bytes),
              size: p.bytes.length,
              name: p.name,
              bytes: p.bytes,
            });
          }
        }
      });
    });

    it('SIGTERM lets in-flight uploads finish before the process exits', async () => {
      await timed('sigterm', async () => {
        const node = 1;
        const owner = users[4]!;
        const slow = [0, 1, 2].map((i) => {
          const bytes = mp4(41_000 + i, 500_000);
          figures.requests += 1;
          figures.requestsPerProcess[node]! += 1;
          return {
            bytes,
            name: `slow.mp4`,
            form: slowUpload(cluster.url(node), owner.cookie, bytes, { chunks: 30, intervalMs: 50 }),
          };
        });
        await Promise.all(slow.map((s) => s.form.started));
        // Requests under way, not merely connections opened (those are idle and closed at once).
        await new Promise((resolve) => setTimeout(resolve, 300));
        const exited = cluster.kill(node, 'SIGTERM');
        const answers = await Promise.all(slow.map((s) => s.form.response));
        expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
        expect(await exited).toBe(0);
        figures.stoppedWithSigterm += 1;
        figures.finishedDuringShutdown += answers.length;
        answers.forEach((a, i) => {
          files.set(a.body.data._id, {
            id: a.body.data._id,
            owner: owner.id,
            hash: sha256(slow[i]!.bytes),
            size: slow[i]!.bytes.length,
            name: 'slow',
            bytes: slow[i]!.bytes,
          });
        });
        await cluster.startNode(node);
      });
    });

    it('afterwards: gc leaves exactly the referenced bytes, fsck is clean, every file downloads intact from every process, and the statistics match', async () => {
      await timed('verify', async () => {
        // Only garbage may remain (bytes of uploads cut off before their commit). gc with no grace, while idle.
        const cliEnv = { ...cluster.env(0), DATA_DIR: cluster.dataDirs[0]! + '-cli' };
        // What a process killed between PutObject and its commit leaves behind, made certain here: stored
        // objects no row knows.
        const planter = new S3BlobStore(s3.storeOptions(bucket));
        for (let i = 0; i < 3; i++) {
          const bytes = crypto.randomBytes(5000 + i);
          const temp = path.join(cliEnv.DATA_DIR, `orphan-${i}`);
          fs.mkdirSync(cliEnv.DATA_DIR, { recursive: true });
          fs.writeFileSync(temp, bytes);
          await planter.put(sha256(bytes), { kind: 'file', path: temp }, bytes.length);
          figures.orphanedObjectsPlanted += 1;
        }
        planter.destroy();
        const gc = await runCli(['gc', '--grace-minutes', '0'], cliEnv);
        expect(gc.code, gc.stderr).toBe(0);
        figures.gc = gc.stdout.trim();
        expect(Number(/(\d+) orphaned objects/.exec(gc.stdout)?.[1])).toBeGreaterThanOrEqual(
          figures.orphanedObjectsPlanted,
        );
        const fsck = await runCli(['fsck'], cliEnv);
        figures.fsck = fsck.stdout.trim();
        expect(fsck.code, fsck.stdout).toBe(0);
        expect(fsck.stdout).toMatch(/fsck: \d+ blobs checked, 0 problem\(s\)/);

        // The bucket holds exactly one object per distinct content that some file needs, and nothing else.
        const expectedHashes = new Set([...files.values()].map((f) => f.hash));
        const store = new S3BlobStore(s3.storeOptions(bucket));
        const stored = new Map<string, number>();
        for await (const object of store.list()) stored.set(object.key, object.size);
        store.destroy();
        expect([...stored.keys()].sort()).toEqual([...expectedHashes].sort());
        const rows = await sql.query('select hash, ref_count from blobs order by hash');
        expect(rows.rows.map((r) => r.hash)).toEqual([...expectedHashes].sort());
        for (const row of rows.rows) {
          expect(row.ref_count).toBe([...files.values()].filter((f) => f.hash === row.hash).length);
        }
        expect(Number((await sql.query('select count(*) from files')).rows[0].count)).toBe(files.size);

        // Every surviving file, byte for byte, from every process, with its owner's session (made elsewhere).
        const all = [...files.values()];
        for (let node = 0; node < NODES; node++) {
          for (let i = 0; i < all.length; i += 16) {
            await Promise.all(
              all.slice(i, i + 16).map(async (file) => {
                const owner = users.find((u) => u.id === file.owner)!;
                const content = await call(node, 'GET', `/api/v1/files/f/${file.id}/content`, {
                  cookie: owner.cookie,
                });
                expect(content.status).toBe(200);
                expect(content.bytes.equals(file.bytes), `${file.id} on process ${node}`).toBe(true);
                figures.downloadsCompared += 1;
              }),
            );
          }
          // A seek into a video on every process: the range comes from S3 as asked.
          const video = all.find((f) => f.size > 100_000)!;
          const owner = users.find((u) => u.id === video.owner)!;
          const part = await call(node, 'GET', `/api/v1/files/f/${video.id}/content`, {
            cookie: owner.cookie,
            headers: { range: 'bytes=100000-100999' },
          });
          expect(part.status).toBe(206);
          expect(part.bytes.equals(video.bytes.subarray(100_000, 101_000))).toBe(true);
        }

        // Storage statistics, computed here by hand from what the test knows, against every process.
        const refs = new Map<string, { count: number; size: number }>();
        for (const f of all) refs.set(f.hash, { count: (refs.get(f.hash)?.count ?? 0) + 1, size: f.size });
        const logical = all.reduce((sum, f) => sum + f.size, 0);
        const physical = [...refs.values()].reduce((sum, r) => sum + r.size, 0);
        const [topHash, top] = [...refs.entries()]
          .filter(([, r]) => r.count > 1)
          .sort((x, y) => y[1].count - x[1].count || (x[0] < y[0] ? -1 : 1))[0]!;
        const perUser = users.map((u) => ({ user: u, files: all.filter((f) => f.owner === u.id) }));
        const topUser = [...perUser].sort(
          (x, y) => y.files.length - x.files.length || (x.user.id < y.user.id ? -1 : 1),
        )[0]!;
        const expected = {
          totalLogicalSize: logical,
          totalPhysicalSize: physical,
          storageSaved: logical - physical,
          // Made in the background, so their total is whatever the workers have finished by now.
          thumbnailBytes: expect.any(Number),
          totalFilesUploaded: all.length,
          uniqueFilesStored: refs.size,
          totalUsers: USERS,
          mostDuplicatedFile: { publicId: topHash, sha256: topHash, count: top.count },
          topUploader: { userId: topUser.user.id, name: topUser.user.name, uploads: topUser.files.length },
        };
        for (let node = 0; node < NODES; node++) {
          const stats = (await call(node, 'GET', '/api/v1/admin/stats', { cookie: users[0]!.cookie })).body
            .data;
          const { url, fileId: _fileId, filename: _filename, ...duplicated } = stats.mostDuplicatedFile;
          expect({ ...stats, mostDuplicatedFile: duplicated }).toEqual(expected);
          expect(
            all.filter((f) => f.hash === topHash).map((f) => `/api/v1/files/f/${f.id}/content`),
          ).toContain(url);
          for (const { user, files: own } of perUser) {
            const mine = (await call(node, 'GET', '/api/v1/files/stats', { cookie: user.cookie })).body.data;
            expect(mine.totalFiles).toBe(own.length);
            expect(mine.totalStorageUsed).toBe(own.reduce((sum, f) => sum + f.size, 0));
          }
        }

        console.log(
          `\n[multi-process] ${JSON.stringify(
            {
              ...figures,
              survivingFiles: all.length,
              distinctBlobs: refs.size,
              logicalBytes: logical,
              physicalBytes: physical,
            },
            null,
            2,
          )}\n`,
        );
      });
    });
  },
);
