import type { Clock } from '../../src/services/clock';

/**
 * A clock that stands still until a test moves it: a throttle window passes with `advance`, not by waiting,
 * and a sign-in delay is recorded in `slept` and returns at once.
 *
 * Standing still, it still tells one read from the next: each read is one millisecond after the one before,
 * as every read of a real clock is at least as late as the last. Rows written one after another then have
 * times in the order they were written, so a newest-first list has the order it has on a real clock, not a
 * tie broken by random ids. Following real time instead would make a test depend on how fast the machine runs
 * it (an authenticator's 30-second step, a link about to expire); a millisecond per read depends only on what
 * the test does, and is far below every window a test moves the clock across. A test that compares a stored
 * time with this clock reads it before and after the request that stored it.
 */
export class TestClock implements Clock {
  private at: number;
  /** Every wait asked of this clock, in milliseconds, in order. */
  readonly slept: number[] = [];

  constructor(start = Date.now()) {
    this.at = start;
  }

  now(): number {
    return this.at++;
  }

  async sleep(ms: number): Promise<void> {
    this.slept.push(ms);
  }

  advance(ms: number): void {
    this.at += ms;
  }

  /** Moves to an instant (epoch ms), for a test that needs an exact one (an authenticator's 30-second step). */
  set(ms: number): void {
    this.at = ms;
  }
}
