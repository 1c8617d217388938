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

/**
 * The clock's time as the ISO text the database columns hold: the one way services and repositories write it.
 * With `offsetMs`, the instant that far after it (an expiry) or, negative, before it (a cut-off). Where one
 * instant gives several columns (a row's creation and its expiry), the service reads the clock once and
 * derives them all from that reading.
 */
export const isoNow = (clock: Clock, offsetMs = 0): string => new Date(clock.now() + offsetMs).toISOString();
