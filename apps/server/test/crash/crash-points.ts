import { TableNode } from 'kysely';
import type { AppOverrides } from '../../src/app';
import type { BlobSource, BlobStore } from '../../src/blobs/blob-store';
import type { Db } from '../../src/db/connect';

type DbPlugin = Parameters<Db['withPlugin']>[0];

/**
 * The crash suites run the server (crash-server.ts) as a child process with CLOUDSTASH_TEST_CRASH_AT=<step>
 * and expect it to die by SIGKILL exactly when an upload reaches that step; CLOUDSTASH_TEST_CRASH_AFTER=<n>
 * lets the first n-1 uploads pass the step first. The server code knows nothing of this: the steps are
 * observed through the upload hooks, a blob store wrapper and a database plugin given to buildApp.
 */
export const CRASH_STEPS = [
  'after-temp-write',
  'after-fsync',
  'after-rename',
  'before-commit',
  'after-commit',
] as const;
/**
 * Steps of the trash: moving an item in (its entry inserted, not committed), purging it (its entry deleted and
 * its references released, not committed), and reclaiming bytes a purge released (committed, bytes not yet
 * deleted).
 */
export const TRASH_CRASH_STEPS = [
  'trash-before-commit',
  'purge-before-commit',
  'reclaim-before-delete',
] as const;
export type TrashCrashStep = (typeof TRASH_CRASH_STEPS)[number];
export type CrashStep = (typeof CRASH_STEPS)[number] | TrashCrashStep;

/** The overrides that kill this process at `step`, the `after`-th time an upload reaches it. */
export function crashOverrides(step: CrashStep, after: number, db: Db, store: BlobStore): AppOverrides {
  let remaining = Math.max(1, after);
  const crashPoint = (reached: CrashStep) => {
    if (reached !== step) return;
    remaining -= 1;
    if (remaining === 0) process.kill(process.pid, 'SIGKILL');
  };
  return {
    db: db
      .withPlugin(beforeCommitCrashPoint('InsertQueryNode', 'files', () => crashPoint('before-commit')))
      .withPlugin(
        beforeCommitCrashPoint('InsertQueryNode', 'trash_entries', () => crashPoint('trash-before-commit')),
      )
      .withPlugin(
        beforeCommitCrashPoint('DeleteQueryNode', 'trash_entries', () => crashPoint('purge-before-commit')),
      ),
    store: withCrashPoints(store, {
      put: () => crashPoint('after-rename'),
      delete: () => crashPoint('reclaim-before-delete'),
    }),
    hooks: {
      afterTempWrite: () => crashPoint('after-temp-write'),
      afterFsync: () => crashPoint('after-fsync'),
      afterCommit: () => crashPoint('after-commit'),
    },
  };
}

/**
 * The blob store, calling `reached.put` once `put` has made the bytes durable under their final name, and
 * `reached.delete` before `delete` removes any.
 */
function withCrashPoints(store: BlobStore, reached: { put: () => void; delete: () => void }): BlobStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'put') {
        return async (key: string, source: BlobSource, size: number) => {
          await target.put(key, source, size);
          reached.put();
        };
      }
      if (property === 'delete') {
        return async (key: string) => {
          reached.delete();
          await target.delete(key);
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A database plugin calling `reached` after an insert into (or a delete from) `table` ran and before its
 * transaction commits.
 */
function beforeCommitCrashPoint(
  kind: 'InsertQueryNode' | 'DeleteQueryNode',
  table: string,
  reached: () => void,
): DbPlugin {
  const watched = new WeakSet<object>();
  return {
    transformQuery(args) {
      const node = args.node;
      const target =
        node.kind === 'InsertQueryNode'
          ? node.into?.table.identifier.name
          : node.kind === 'DeleteQueryNode'
            ? node.from.froms.map((f) => (TableNode.is(f) ? f.table.identifier.name : '')).join()
            : undefined;
      if (node.kind === kind && target === table) watched.add(args.queryId);
      return node;
    },
    async transformResult(args) {
      if (watched.has(args.queryId)) reached();
      return args.result;
    },
  };
}
