import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  InsertQueryNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { failNextFileSync, failNextFileWrite } from '../helpers/disk-faults';
import { png, sha256 } from '../helpers/fixtures';
import type { TestClient } from '../helpers/test-client';
import { filesUnder, startTestApp, type TestApp } from '../helpers/test-app';

const eio = (syscall: string) =>
  Object.assign(new Error(`EIO: i/o error, ${syscall}`), { code: 'EIO', syscall, errno: -5 });

/** A Kysely plugin that fails the next statement of a chosen kind on a chosen table, once armed. */
class DbFault implements KyselyPlugin {
  armed: { kind: 'insert' | 'update'; table: string; when: 'before' | 'after' } | undefined;
  fired = 0;
  private readonly pending = new WeakSet<object>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    const a = this.armed;
    const table = InsertQueryNode.is(node)
      ? node.into?.table.identifier.name
      : UpdateQueryNode.is(node) && node.table && 'table' in node.table
        ? (node.table as { table: { identifier: { name: string } } }).table.identifier.name
        : undefined;
    const kind = InsertQueryNode.is(node) ? 'insert' : UpdateQueryNode.is(node) ? 'update' : undefined;
    if (a && a.kind === kind && a.table === table) {
      this.armed = undefined;
      this.fired += 1;
      if (a.when === 'before') throw new Error(`injected database failure before ${kind} into ${table}`);
      this.pending.add(args.queryId);
    }
    return node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.has(args.queryId)) throw new Error('injected database failure after the statement ran');
    return args.result;
  }
}

interface Fault {
  name: string;
  /** Installs the fault for the next upload; returns a check that it really fired. */
  arm(t: TestApp): () => boolean;
}

const FAULTS: Fault[] = [
  {
    name: 'a write of the temporary file fails (ENOSPC)',
    arm: () =>
      failNextFileWrite(
        Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
      ),
  },
  {
    name: 'the fsync of the temporary file fails (EIO)',
    arm: () => failNextFileSync(eio('fsync')),
  },
  {
    name: 'the rename into place fails (EIO)',
    arm: () => {
      let fired = false;
      vi.spyOn(fsp, 'rename').mockImplementationOnce(async () => {
        fired = true;
        throw eio('rename');
      });
      return () => fired;
    },
  },
  {
    name: 'the fsync of the blob directory after the rename fails (EIO)',
    arm: (t) => {
      let fired = false;
      const real = fsp.open;
      const blobRoot = path.join(t.dataDir, 'blobs');
      vi.spyOn(fsp, 'open').mockImplementation((async (file: fs.PathLike, ...rest: unknown[]) => {
        const handle = await (real as (...a: unknown[]) => Promise<fsp.FileHandle>)(file, ...rest);
        if (String(file).startsWith(blobRoot) && !/[0-9a-f]{64}$/.test(String(file)) && !fired) {
          fired = true;
          handle.sync = () => Promise.reject(eio('fsync'));
        }
        return handle;
      }) as typeof fsp.open);
      return () => fired;
    },
  },
  {
    name: 'the database fails taking the blob reference',
    arm: () => {
      dbFault.armed = { kind: 'insert', table: 'blobs', when: 'before' };
      const before = dbFault.fired;
      return () => dbFault.fired > before;
    },
  },
  {
    name: 'the database fails inserting the file row, after the bytes are in place',
    arm: () => {
      dbFault.armed = { kind: 'insert', table: 'files', when: 'before' };
      const before = dbFault.fired;
      return () => dbFault.fired > before;
    },
  },
  {
    name: 'the database fails right after inserting the file row, before commit',
    arm: () => {
      dbFault.armed = { kind: 'insert', table: 'files', when: 'after' };
      const before = dbFault.fired;
      return () => dbFault.fired > before;
    },
  },
];

let dbFault: DbFault;

describe.each(DIALECTS)('injected faults during uploads (%s)', (dialect) => {
  let t: TestApp;
  let user: TestClient;
  let neighbour: TestClient;
  const figures: string[] = [];

  beforeAll(async () => {
    dbFault = new DbFault();
    t = await startTestApp(dialect, {
      wrapDb: (db) => db.withPlugin(dbFault),
      // The faults are process-wide mocks of the next fs call or statement: a background thumbnail job
      // running meanwhile would take the fault meant for the upload under test.
      env: { THUMBNAIL_WORKERS: '0' },
    });
    await t.client().signUp();
    user = t.client();
    await user.signUp();
    neighbour = t.client();
    await neighbour.signUp();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    dbFault.armed = undefined;
  });
  afterAll(async () => {
    console.log(`faults (${dialect}):\n  ${figures.join('\n  ')}`);
    await t.close();
  });

  const fileRows = async () => (await t.db.selectFrom('files').select('id').execute()).length;

  async function expectIntactStorage() {
    // No temporary file left, no partial file under a final name, every row backed by its bytes.
    expect(filesUnder(t.config.tmpDir)).toEqual([]);
    for (const blob of filesUnder(path.join(t.dataDir, 'blobs')))
      expect(sha256(fs.readFileSync(blob))).toBe(path.basename(blob));
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
  }

  for (const fault of FAULTS) {
    for (const shared of [false, true]) {
      it(`answers 5xx with a request id when ${fault.name}${shared ? ' (bytes someone else holds)' : ''}, and loses nothing`, async () => {
        const bytes = png(crypto.randomInt(1e9), 40, 40);
        if (shared) expect((await neighbour.upload({ bytes })).status).toBe(201);
        const rows = await fileRows();
        const fired = fault.arm(t);
        const started = performance.now();
        const answer = await user.upload({ bytes });
        const ms = performance.now() - started;
        vi.restoreAllMocks();
        dbFault.armed = undefined;
        const reached = fired();
        figures.push(
          `${fault.name}${shared ? ' [shared bytes]' : ''}: ${reached ? 'injected' : 'not reached'} -> ${answer.status} in ${ms.toFixed(0)} ms`,
        );
        // Writing bytes someone already stored skips the rename and its fsync: those faults cannot fire then.
        if (!reached) {
          expect(shared && /rename|directory/.test(fault.name), `${fault.name} was never reached`).toBe(true);
          expect(answer.status).toBe(201);
          return;
        }
        expect(answer.status).toBeGreaterThanOrEqual(500);
        expect(answer.body).toEqual({
          message: MESSAGES.internalError,
          code: 'INTERNAL',
          requestId: expect.any(String),
        });
        expect(answer.headers.get('x-request-id')).toBe(answer.body.requestId);
        expect(JSON.stringify(answer.body)).not.toMatch(/EIO|ENOSPC|injected|\/tmp|at .*\.ts/);
        expect(await fileRows()).toBe(rows);
        await expectIntactStorage();
        // gc reclaims whatever the failure left unreferenced; storage is then exactly what rows need.
        await t.services.maintenance.gc({ graceMs: 0 });
        const referenced = new Set(
          (await t.db.selectFrom('blobs').select('hash').where('ref_count', '>', 0).execute()).map(
            (b) => b.hash,
          ),
        );
        for await (const stored of t.store.list()) expect(referenced.has(stored.key)).toBe(true);
        // The server keeps serving, and the same upload goes through now.
        expect((await user.get('/api/v1/health')).status).toBe(200);
        const retry = await user.upload({ bytes });
        expect(retry.status).toBe(201);
        expect(sha256((await user.get(retry.body.data.url)).bytes)).toBe(sha256(bytes));
        await expectIntactStorage();
      });
    }
  }

  it('answers a batch 5xx when the database fails storing a file, not as that file’s refusal', async () => {
    const rows = await fileRows();
    dbFault.armed = { kind: 'insert', table: 'files', when: 'before' };
    const answer = await user.uploadBatch([
      { bytes: png(crypto.randomInt(1e9), 40, 40) },
      { bytes: png(crypto.randomInt(1e9), 40, 40) },
    ]);
    expect(dbFault.fired).toBeGreaterThan(0);
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ message: MESSAGES.internalError, code: 'INTERNAL' });
    expect(await fileRows()).toBe(rows);
    await expectIntactStorage();
  });

  it('answers a failing read of the bytes with 5xx and a request id, and keeps serving', async () => {
    const bytes = png(424242);
    const file = (await user.upload({ bytes })).body.data;
    vi.spyOn(t.store, 'read').mockRejectedValueOnce(eio('read'));
    const answer = await user.get(file.url);
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      message: MESSAGES.internalError,
      code: 'INTERNAL',
      requestId: answer.headers.get('x-request-id'),
    });
    expect((await user.get(file.url)).bytes.equals(bytes)).toBe(true);
  });
});
