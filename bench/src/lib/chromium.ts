import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium as every browser row starts it: no sandbox (containers refuse one) and nothing of its own
 * running beside the page (GPU process, background requests, component updates, sync), so the figures are the
 * page's.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
