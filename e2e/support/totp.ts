import { generate } from 'otplib';

const PERIOD_SECONDS = 30;

/**
 * An authenticator app for one secret. The server accepts the current 30-second step or one either side, and
 * never a step at or before the last one it accepted; so each code is of the current step or, when that step
 * was already used, of the next one. No test ever waits for the clock.
 */
export function authenticator(secret: string) {
  let lastStep = -1;
  return {
    async code(): Promise<string> {
      const now = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
      const step = Math.max(now, lastStep + 1);
      lastStep = step;
      return generate({ secret, epoch: step * PERIOD_SECONDS });
    },
  };
}
