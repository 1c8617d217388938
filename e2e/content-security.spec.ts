import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { uploadFile } from './support/api';
import { FIXTURES, bytesFixture } from './support/files';
import { loadEveryWay, pwnedInAnyFrame, watchForScript } from './support/script-watch';
import { expect, test } from './support/test';

/**
 * User bytes must never run as a page of CloudStash's origin (issue "Hardening", SECURITY.md). Chromium opens a
 * text file full of <script>, two polyglot images and a polyglot PDF every way a browser can (top-level,
 * framed by the app, pulled in as a script by the app's own page) and no script may run. A PDF is drawn by the
 * app with pdf.js; Chromium's own viewer, which would run a PDF's JavaScript on our origin, never gets one
 * (the PDF's scripts themselves: e2e/pdf-scripts.spec.ts).
 */

const PDF_VIEWER_EXTENSION = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/';

/** Plain text (it starts with words) that is also an HTML page with inline script and an event handler. */
const scriptText = bytesFixture(
  'notes.txt',
  'text/plain',
  Buffer.from(
    'Meeting notes\n<html><body><script>window.__pwned = "text"; fetch("/api/v1/pwned/text-script");</script>\n' +
      '<img src="x" onerror="fetch(\'/api/v1/pwned/text-onerror\')"><svg onload="fetch(\'/api/v1/pwned/text-svg\')"></svg>\n',
  ),
);

/** A GIF by its magic number that is also valid JavaScript (GIF89a/*...*\/=1;...). */
const gifScript = bytesFixture(
  'funny.gif',
  'image/gif',
  Buffer.concat([
    Buffer.from('GIF89a/*'),
    Buffer.from([0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]),
    Buffer.from('*/=1;window.__pwned="gif";fetch("/api/v1/pwned/gif-script");//'),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b]),
  ]),
);

/** A real PNG with an HTML page appended after its last chunk. */
const pngHtml = bytesFixture(
  'photo.png',
  'image/png',
  Buffer.concat([
    FIXTURES.png.bytes,
    Buffer.from(
      '<html><body><script>window.__pwned="png";fetch("/api/v1/pwned/png-html")</script></body></html>',
    ),
  ]),
);

/** A PDF by its magic number with an HTML page inside a comment, as a browser sniffing for HTML would find it. */
const pdfHtml = bytesFixture(
  'report.pdf',
  'application/pdf',
  Buffer.concat([
    FIXTURES.pdf.bytes.subarray(0, 9),
    Buffer.from(
      '%<html><body><script>window.__pwned="pdf";fetch("/api/v1/pwned/pdf-html")</script></body></html>\n',
    ),
    FIXTURES.pdf.bytes.subarray(9),
  ]),
);

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const dir = join(testInfo.project.outputDir, 'screens');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test.describe('content security in Chromium', () => {
  test("a PDF preview is drawn by the app, and Chromium's viewer never opens it on our origin", async ({
    page,
    user: _user,
  }, testInfo) => {
    const file = await uploadFile(page.request, FIXTURES.pdf, { filename: 'quarterly report' });
    const content = await page.request.get(file.url);
    expect(content.headers()['x-content-type-options']).toBe('nosniff');
    expect(content.headers()['content-security-policy']).toMatch(/^sandbox;/);

    await page.goto(`/dashboard/file/${file._id}`);
    await expect(page.getByRole('heading', { name: 'quarterly report' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Page 1 of 1 of quarterly report' })).toBeVisible();
    await expect(page.getByText('CloudStash end-to-end test document')).toBeAttached();
    expect(page.frames().some((f) => f.url().startsWith(PDF_VIEWER_EXTENSION))).toBe(false);
    await screenshot(page, testInfo, 'pdf-preview-in-app');

    // Opened on its own, the content URL is saved, not shown by the viewer.
    const download = page.waitForEvent('download');
    await page.goto(file.url).catch(() => undefined);
    expect((await download).suggestedFilename()).toBe('quarterly report');
    expect(page.frames().some((f) => f.url().startsWith(PDF_VIEWER_EXTENSION))).toBe(false);
  });

  test('a PDF carrying HTML and script runs none of it, opened, framed or pulled in as a script', async ({
    page,
    context,
    user: _user,
  }) => {
    const signs = watchForScript(context, page);
    const file = await uploadFile(page.request, pdfHtml, { filename: 'polyglot report' });
    expect(file.mimetype).toBe('application/pdf');
    // Opened directly: an attachment, so Chromium saves it rather than rendering it.
    const download = page.waitForEvent('download');
    await page.goto(file.url).catch(() => undefined);
    expect((await download).suggestedFilename()).toBe('polyglot report');
    expect(await loadEveryWay(page, file.url)).toBe('refused');
    expect(await pwnedInAnyFrame(page)).toEqual([]);
    expect(signs).toEqual([]);
  });

  test('a text file full of <script> runs nothing, opened, framed or pulled in as a script', async ({
    page,
    context,
    user: _user,
  }) => {
    const signs = watchForScript(context, page);
    const file = await uploadFile(page.request, scriptText, { filename: 'notes' });
    expect(file.mimetype).toBe('text/plain');

    // Opened directly: an attachment, so Chromium saves it rather than rendering it.
    const download = page.waitForEvent('download');
    await page.goto(file.url).catch(() => undefined);
    expect((await download).suggestedFilename()).toBe('notes');

    // Framed by a page of the app, and loaded as a script by it (script-src 'self' would allow the URL).
    expect(await loadEveryWay(page, file.url)).toBe('refused');
    expect(await pwnedInAnyFrame(page)).toEqual([]);
    expect(signs).toEqual([]);
  });

  test('control: the same text without nosniff would run as a script of the app', async ({
    page,
    user: _user,
  }) => {
    // Proves the check above can fail: strip nosniff from the answer and Chromium executes the text.
    const file = await uploadFile(page.request, scriptText, { filename: 'control notes' });
    await page.route(`**${file.url}`, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['x-content-type-options'];
      await route.fulfill({ response, headers });
    });
    await page.goto('/');
    const outcome = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const script = document.createElement('script');
          script.src = url;
          script.onload = () => resolve('loaded');
          script.onerror = () => resolve('refused');
          document.body.append(script);
        }),
      file.url,
    );
    expect(outcome).toBe('loaded');
  });

  for (const polyglot of [gifScript, pngHtml]) {
    test(`a polyglot image (${polyglot.name}) runs nothing, opened, framed or pulled in as a script`, async ({
      page,
      context,
      user: _user,
    }, testInfo) => {
      const signs = watchForScript(context, page);
      const file = await uploadFile(page.request, polyglot, { filename: polyglot.stem });
      expect(file.mimetype).toBe(polyglot.mimeType);

      const response = await page.goto(file.url);
      expect(response?.headers()['content-type']).toBe(polyglot.mimeType);
      expect(response?.headers()['content-security-policy']).toMatch(/^sandbox;/);
      // goto waited for the load event, after which no script of the document is left to run.
      expect(await pwnedInAnyFrame(page)).toEqual([]);
      await screenshot(page, testInfo, `polyglot-${polyglot.stem}-top-level`);

      expect(await loadEveryWay(page, file.url, { inline: true })).toBe('refused');
      expect(await pwnedInAnyFrame(page)).toEqual([]);
      expect(signs).toEqual([]);
    });
  }

  test("the app's own pages run under a strict CSP and break none of its rules", async ({
    page,
    user: _user,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (execute|load|apply|frame)/i.test(message.text()))
        violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const response = await page.goto('/dashboard');
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response!.headers()['referrer-policy']).toBeTruthy();
    await page.waitForLoadState('networkidle');
    for (const path of [
      '/dashboard/my-files',
      '/dashboard/public-files',
      '/dashboard/upload-file',
      '/dashboard/profile',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // The app runs Zod jitless, so not even its one-off eval probe reaches the CSP.
    expect(violations).toEqual([]);
  });
});
