import type { Clock } from '../../src/services/clock';

/**
 * A clock that stands still until a test moves it: a throttle window passes with `advance`, not by waiting,
 * and a sign-in delay is recorded in `slept` and returns at once.
 */
export class TestClock implements Clock {
  private at: number;
  /** Every wait asked of this clock, in milliseconds, in order. */
  readonly slept: number[] = [];

  constructor(start = Date.now()) {
    this.at = start;
  }

  now(): number {
    return this.at;
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
