import { describe, expect, test } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Job, JobQueue } from '../../src/services/jobs/queue';
import { JobWorker } from '../../src/services/jobs/worker';

/** A queue whose claims stay in flight until the test answers them, one at a time. */
function queueWithPendingClaims() {
  const answers: Array<(job: Job | null) => void> = [];
  const queue = {
    onEnqueue: () => () => {},
    claim: () => new Promise<Job | null>((resolve) => answers.push(resolve)),
    complete: async () => {},
    fail: async () => {},
  };
  return {
    queue: queue as unknown as JobQueue,
    answerNextClaim: (job: Job | null) => answers.shift()?.(job),
  };
}

/** Resolves once every promise continuation queued so far has run. */
const afterPendingWork = () =>
  new Promise<'still waiting'>((resolve) => setImmediate(() => resolve('still waiting')));

describe('the background worker', () => {
  test('stops at once when the stop comes while a claim is in flight, not after its next poll interval', async () => {
    const { queue, answerNextClaim } = queueWithPendingClaims();
    // A poll interval far longer than any test: a worker that went to sleep would still be asleep.
    const worker = new JobWorker(
      queue,
      {},
      { concurrency: 1, minPollMs: 3_600_000 },
      pino({
        level: 'silent',
      }) as FastifyBaseLogger,
    );
    worker.start();
    const stopped = worker.stop().then(() => 'stopped' as const);
    answerNextClaim(null);
    expect(await Promise.race([stopped, afterPendingWork()])).toBe('stopped');
  });
});
