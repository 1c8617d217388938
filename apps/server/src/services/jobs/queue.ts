import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Db } from '../../db/connect';
import { inTransaction, type Executor } from '../../db/executor';
import * as jobs from '../../repositories/jobs';
import type { JobRow } from '../../repositories/jobs';
import type { Clock } from '../clock';

export type Job = JobRow;

/** A job that failed for a reason that will not pass (a file that cannot be decoded): it is not retried. */
export class PermanentJobError extends Error {}

/** How long a claimed job belongs to its process; longer than any job's own time limit. */
export const JOB_LEASE_MS = 5 * 60_000;
/** A job that has been claimed this many times (its process died or it failed for passing reasons) is failed. */
export const MAX_JOB_ATTEMPTS = 3;
const RETRY_BASE_MS = 30_000;

/** How many jobs each account may have at once: running (across every process), and queued or running. */
export interface JobLimits {
  runningPerAccount: number;
  queuedPerAccount: number;
}
const NO_LIMITS: JobLimits = {
  runningPerAccount: Number.MAX_SAFE_INTEGER,
  queuedPerAccount: Number.MAX_SAFE_INTEGER,
};

/** Why a job was failed as it was queued: its account had too many waiting already. */
export const TOO_MANY_JOBS = 'too many jobs of this account were waiting';

/** This process, as the holder of the leases it takes. */
export const PROCESS_JOB_OWNER = `${process.pid}-${crypto.randomUUID()}`;

/**
 * The durable queue of background work: one row per (kind, key), so enqueueing is idempotent. A job is
 * claimed with a lease; when its process dies the lease runs out and another process claims it again, and a
 * job claimed MAX_JOB_ATTEMPTS times without finishing is failed rather than retried for ever.
 */
export class JobQueue {
  private readonly events = new EventEmitter();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: JobLimits = NO_LIMITS,
  ) {}

  /**
   * Queues `kind:key` for the account `owner` (null: the instance's own work) unless it is already known
   * (queued, running, done or failed); true when it was added. A job past its account's queue limit is added
   * failed, at once: the account's other jobs still run, and this one is never made.
   */
  async enqueue(
    kind: string,
    key: string,
    owner: string | null = null,
    now = this.clock.now(),
  ): Promise<boolean> {
    const state = await jobs.insertJobIfAbsent(
      this.db,
      { id: crypto.randomUUID(), kind, key, now: new Date(now).toISOString(), owner },
      { queueCap: this.limits.queuedPerAccount, overCapReason: TOO_MANY_JOBS },
    );
    if (state === 'queued') this.events.emit('enqueued');
    return state !== undefined;
  }

  /**
   * Queues `kind:key` with `db`, a transaction of the caller's, so the job exists exactly when what it works on
   * does; it is not claimed before `delayMs` have passed. The workers are woken at once, which may be before the
   * caller commits: a worker that then finds nothing polls again at its shortest interval.
   */
  async enqueueWith(
    db: Executor,
    job: { kind: string; key: string; owner: string | null; delayMs?: number },
  ): Promise<boolean> {
    const now = this.clock.now();
    const state = await jobs.insertJobIfAbsent(
      db,
      {
        id: crypto.randomUUID(),
        kind: job.kind,
        key: job.key,
        now: new Date(now).toISOString(),
        owner: job.owner,
        runAfter: new Date(now + (job.delayMs ?? 0)).toISOString(),
      },
      { queueCap: this.limits.queuedPerAccount, overCapReason: TOO_MANY_JOBS },
    );
    if (state === 'queued') this.events.emit('enqueued');
    return state !== undefined;
  }

  /** Calls `listener` whenever this process enqueues a job, so an idle worker starts at once. */
  onEnqueue(listener: () => void): () => void {
    this.events.on('enqueued', listener);
    return () => this.events.off('enqueued', listener);
  }

  /**
   * The next job for `owner`, or undefined when none is due, shared fairly between the accounts the jobs work
   * for (repositories/jobs.ts). A job whose previous claims all died is failed here instead of being handed out
   * again.
   */
  async claim(
    owner = PROCESS_JOB_OWNER,
    now = this.clock.now(),
    leaseMs = JOB_LEASE_MS,
    kinds?: readonly string[],
  ): Promise<Job | undefined> {
    for (;;) {
      const job = await inTransaction(this.db, (trx) =>
        jobs.claimJob(trx, {
          owner,
          now: new Date(now).toISOString(),
          until: new Date(now + leaseMs).toISOString(),
          runningCap: this.limits.runningPerAccount,
          kinds,
        }),
      );
      if (!job || job.attempts <= MAX_JOB_ATTEMPTS) return job;
      await this.fail(job, `gave up after ${MAX_JOB_ATTEMPTS} attempts that did not finish`, { now });
    }
  }

  /** False when the job's lease was lost meanwhile (another process owns it now). */
  complete(job: Job, now = this.clock.now()): Promise<boolean> {
    return jobs.finishJob(
      this.db,
      { id: job.id, owner: job.lease_owner!, now: new Date(now).toISOString() },
      { state: 'done', error: null },
    );
  }

  /**
   * Records why a job failed. `retry` queues it again after a back-off while attempts remain (a store that did
   * not answer); without it the failure is final (a file that cannot be decoded will not decode next time).
   */
  fail(job: Job, reason: string, { retry = false, now = this.clock.now() } = {}): Promise<boolean> {
    const again = retry && job.attempts < MAX_JOB_ATTEMPTS;
    return jobs.finishJob(
      this.db,
      { id: job.id, owner: job.lease_owner!, now: new Date(now).toISOString() },
      {
        state: again ? 'queued' : 'failed',
        error: reason.slice(0, 500),
        runAfter: again ? new Date(now + RETRY_BASE_MS * 2 ** (job.attempts - 1)).toISOString() : undefined,
      },
    );
  }

  find(kind: string, key: string) {
    return jobs.findJob(this.db, kind, key);
  }
}
