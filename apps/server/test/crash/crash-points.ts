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
export type CrashStep = (typeof CRASH_STEPS)[number];

/** The overrides that kill this process at `step`, the `after`-th time an upload reaches it. */
export function crashOverrides(step: CrashStep, after: number, db: Db, store: BlobStore): AppOverrides {
  let remaining = Math.max(1, after);
  const crashPoint = (reached: CrashStep) => {
    if (reached !== step) return;
    remaining -= 1;
    if (remaining === 0) process.kill(process.pid, 'SIGKILL');
  };
  return {
    db: db.withPlugin(beforeCommitCrashPoint(() => crashPoint('before-commit'))),
    store: withRenameCrashPoint(store, () => crashPoint('after-rename')),
    hooks: {
      afterTempWrite: () => crashPoint('after-temp-write'),
      afterFsync: () => crashPoint('after-fsync'),
      afterCommit: () => crashPoint('after-commit'),
    },
  };
}

/** The blob store, calling `reached` once `put` has made the bytes durable under their final name. */
function withRenameCrashPoint(store: BlobStore, reached: () => void): BlobStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'put') {
        return async (key: string, source: BlobSource, size: number) => {
          await target.put(key, source, size);
          reached();
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A database plugin calling `reached` after a file row is inserted and before its transaction commits. */
function beforeCommitCrashPoint(reached: () => void): DbPlugin {
  const fileInserts = new WeakSet<object>();
  return {
    transformQuery(args) {
      const node = args.node;
      if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'files')
        fileInserts.add(args.queryId);
      return node;
    },
    async transformResult(args) {
      if (fileInserts.has(args.queryId)) reached();
      return args.result;
    },
  };
}
