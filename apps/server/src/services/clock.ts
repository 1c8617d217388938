import { setTimeout as wait } from 'node:timers/promises';

/**
 * The time as the throttle and the sign-in delay see it, made once per process (services/container.ts), so
 * tests can move it forward instead of waiting for a window to pass.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` milliseconds of this clock. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms) => {
    await wait(ms);
  },
};
