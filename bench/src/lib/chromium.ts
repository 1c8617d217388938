import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '@cloudstash/test-support/chromium';

/** Debian's Chromium as every browser row starts it, with the browser suites' flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}
