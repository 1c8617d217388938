import type { BrowserContext, Page } from '@playwright/test';

/*
 * Whether user bytes ran as script in Chromium: a script that runs sets window.__pwned and sends a request whose
 * URL holds "pwned" (the fixtures of content-security.spec.ts and any-file-type.spec.ts do both).
 */

/** Records every sign that user bytes ran as script: beacon requests, dialogs, console output. */
export function watchForScript(context: BrowserContext, page: Page) {
  const signs: string[] = [];
  context.on('request', (request) => {
    if (request.url().includes('pwned')) signs.push(`request ${request.url()}`);
  });
  page.on('dialog', (dialog) => {
    signs.push(`dialog ${dialog.message()}`);
    void dialog.dismiss();
  });
  return signs;
}

export async function pwnedInAnyFrame(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const frame of page.frames()) {
    const value = await frame
      .evaluate(() => (window as unknown as { __pwned?: string }).__pwned)
      .catch(() => undefined);
    if (value) found.push(`${frame.url()}: ${value}`);
  }
  return found;
}

/**
 * Has the app's own page frame the URL, pull it in as a script and, for bytes served inline, show it as an
 * image; waits until the script, and the frame and image of inline bytes, have loaded or failed (an attachment
 * in a frame becomes a download and never loads), then for one more round trip from the page, so that any beacon
 * a script would send has been seen. Answers what happened to the script.
 */
export async function loadEveryWay(
  page: Page,
  url: string,
  options: { inline?: boolean } = {},
): Promise<string> {
  await page.goto('/');
  const outcome = await page.evaluate(
    async ({ url, inline }) => {
      const settled = (element: HTMLElement, ok: string, failed: string) =>
        new Promise<string>((resolve) => {
          element.addEventListener('load', () => resolve(ok));
          element.addEventListener('error', () => resolve(failed));
        });
      const frame = document.createElement('iframe');
      const waits = inline ? [settled(frame, 'framed', 'frame refused')] : [];
      frame.src = url;
      document.body.append(frame);
      if (inline) {
        const img = document.createElement('img');
        waits.push(settled(img, 'shown', 'not shown'));
        img.src = url;
        document.body.append(img);
      }
      const script = document.createElement('script');
      const pulledIn = settled(script, 'loaded', 'refused');
      script.src = url;
      document.body.append(script);
      await Promise.all(waits);
      return pulledIn;
    },
    { url, inline: options.inline ?? false },
  );
  // A beacon is sent the moment a script runs: one more round trip from the page comes back after it was seen.
  await page.evaluate(() => fetch('/api/v1/health').then((answer) => answer.status));
  return outcome;
}
