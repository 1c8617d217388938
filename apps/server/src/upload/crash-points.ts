import type { BlobStore } from '../blobs/blob-store';
import type { Db } from '../db/connect';

type DbPlugin = Parameters<Db['withPlugin']>[0];

/**
 * TEST-ONLY crash hook. The crash-safety suite (test/security/crash-steps.test.ts) runs the server as a child
 * process with CLOUDSTASH_TEST_CRASH_AT=<step> and expects it to die by SIGKILL exactly when an upload reaches
 * that step; CLOUDSTASH_TEST_CRASH_AFTER=<n> lets the first n-1 uploads pass the step first. When the
 * variable is unset (every real deployment) `crashPoint` does nothing. Never set it in production.
 */
export const CRASH_STEPS = [
  'after-temp-write',
  'after-fsync',
  'after-rename',
  'before-commit',
  'after-commit',
] as const;
export type CrashStep = (typeof CRASH_STEPS)[number];

const armed = process.env.CLOUDSTASH_TEST_CRASH_AT as CrashStep | undefined;
let remaining = Math.max(1, Number(process.env.CLOUDSTASH_TEST_CRASH_AFTER ?? 1) || 1);

/** True when a crash step is armed, so callers can skip wrapping anything otherwise. */
export const crashHookArmed = armed !== undefined && (CRASH_STEPS as readonly string[]).includes(armed);

export function crashPoint(step: CrashStep): void {
  if (!crashHookArmed || step !== armed) return;
  remaining -= 1;
  if (remaining === 0) process.kill(process.pid, 'SIGKILL');
}

/** The blob store with a crash point once `put` has made the bytes durable under their final name. */
export function withRenameCrashPoint(store: BlobStore): BlobStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'put') {
        return async (key: string, tempPath: string, size: number) => {
          await target.put(key, tempPath, size);
          crashPoint('after-rename');
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A database plugin with a crash point after a file row is inserted and before its transaction commits. */
export function beforeCommitCrashPoint(): DbPlugin {
  const fileInserts = new WeakSet<object>();
  return {
    transformQuery(args) {
      const node = args.node;
      if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'files')
        fileInserts.add(args.queryId);
      return node;
    },
    async transformResult(args) {
      if (fileInserts.has(args.queryId)) crashPoint('before-commit');
      return args.result;
    },
  };
}
