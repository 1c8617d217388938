import type { FastifyBaseLogger } from 'fastify';
import { PermanentJobError, type Job, type JobQueue } from './queue';

export type JobHandler = (job: Job) => Promise<void>;

export interface WorkerOptions {
  /** Jobs run at once in this process (one per core: each decode keeps one core busy). */
  concurrency: number;
  /** Idle polling starts this often and backs off to `maxPollMs`; an enqueue here wakes it at once. */
  minPollMs?: number;
  maxPollMs?: number;
}

/**
 * The background worker of one server process: `concurrency` loops that each claim a job, run its handler
 * and record the outcome. Other processes run their own; the lease in the jobs table keeps each job to one.
 * A handler's PermanentJobError fails the job for good; any other error retries it later.
 */
export class JobWorker {
  private running = false;
  private loops: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  private unsubscribe: (() => void) | undefined;
  /** A worker claims only the kinds it has handlers for, so each kind of work has its own pace and capacity. */
  private readonly kinds: readonly string[];

  constructor(
    private readonly jobs: JobQueue,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: WorkerOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.kinds = Object.keys(handlers);
  }

  start(): void {
    if (this.running || this.options.concurrency < 1) return;
    this.running = true;
    this.unsubscribe = this.jobs.onEnqueue(() => this.wakeAll());
    for (let i = 0; i < this.options.concurrency; i++) this.loops.push(this.loop());
  }

  /** Stops claiming, and resolves once the jobs in hand have finished. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.unsubscribe?.();
    this.wakeAll();
    await Promise.all(this.loops);
    this.loops = [];
  }

  private wakeAll(): void {
    for (const wake of [...this.wakers]) wake();
  }

  private async loop(): Promise<void> {
    const min = this.options.minPollMs ?? 500;
    const max = this.options.maxPollMs ?? 30_000;
    let idle = min;
    while (this.running) {
      let worked = false;
      try {
        worked = await this.runOne();
      } catch (error) {
        // The database did not answer: wait as if idle and try again.
        this.log.warn({ err: error }, 'background job loop failed');
      }
      if (worked) {
        idle = min;
        continue;
      }
      // A stop that came while the claim was in flight woke nobody: sleeping now would hold the shutdown for
      // up to the longest poll interval.
      if (!this.running) break;
      // A wake-up (an enqueue) starts the polling afresh: the job may belong to a transaction that had not
      // committed when it woke the worker, and is then found at the next short poll, not after a long one.
      idle = (await this.sleep(idle)) ? min : Math.min(idle * 2, max);
    }
  }

  /** Sleeps `ms`, or less when woken; true when it was woken. */
  private sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve(woken);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      this.wakers.add(wake);
    });
  }

  /** Claims and runs one job; false when none was due. Exposed so tests and the CLI can drain the queue. */
  async runOne(): Promise<boolean> {
    const job = await this.jobs.claim(undefined, undefined, undefined, this.kinds);
    if (!job) return false;
    // Claimed by kind, so its handler is here.
    const handler = this.handlers[job.kind]!;
    try {
      await handler(job);
      await this.jobs.complete(job);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = error instanceof PermanentJobError;
      if (!final)
        this.log.warn({ err: error, job: job.id, kind: job.kind }, 'background job failed; will retry');
      await this.jobs.fail(job, reason, { retry: !final });
    }
    return true;
  }
}
