import { setTimeout as wait } from 'node:timers/promises';

/**
 * The time as every service sees it, made once per process (services/container.ts), so
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

/** The clock's time as the ISO text the database columns hold. */
export const isoNow = (clock: Clock): string => new Date(clock.now()).toISOString();
