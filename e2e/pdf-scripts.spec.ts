import type { Locator, Page } from '@playwright/test';
import { uploadFile } from './support/api';
import { FIXTURES } from './support/files';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';

/**
 * A PDF's JavaScript must never run on CloudStash's origin. Chromium's built-in PDF viewer runs it (an alert,
 * a password prompt, reading the document's URL: a signed link) whatever the CSP says, so the app draws PDFs
 * with pdf.js instead, and the server hands a PDF to the browser as an attachment unless the app's viewer
 * fetches it. The fixture's scripts run on open (/OpenAction, the JavaScript name tree, the first page's open
 * action): any of them would open a dialog.
 */

const PDF_VIEWER_EXTENSION = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/';

function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** How many pixels of the canvas are not white: a painted page has text and a blue band on it. */
function paintedPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
    let painted = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! > 0 && (data[i]! < 240 || data[i + 1]! < 240 || data[i + 2]! < 240)) painted += 1;
    }
    return painted;
  });
}

async function expectRenderedPage(page: Page, filename: string, pageNumber: number, text: string) {
  const canvas = page.getByRole('img', { name: `Page ${pageNumber} of 2 of ${filename}` });
  await expect(canvas).toBeVisible();
  await expect
    .poll(() => paintedPixels(canvas), { message: `page ${pageNumber} is painted` })
    .toBeGreaterThan(500);
  // The page's words reach screen readers too, which also proves pdf.js read this very page.
  await expect(page.getByText(text)).toBeAttached();
}

test.describe('PDF scripts in Chromium', () => {
  test('a PDF whose scripts run on open shows its pages in the app and opens no dialog anywhere', async ({
    page,
    user: _user,
  }, testInfo) => {
    const dialogs = watchDialogs(page);
    // pdf.js must work inside the app's strict CSP (no eval, no WebAssembly, a worker from our origin).
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const file = await uploadFile(page.request, FIXTURES.scriptedPdf, { filename: 'scripted report' });
    expect(file.mimetype).toBe('application/pdf');

    // The preview: pdf.js paints page one, then page two, and runs none of the document's scripts.
    await page.goto(`/dashboard/file/${file._id}`);
    await expect(page.getByRole('heading', { name: 'scripted report' })).toBeVisible();
    await expectRenderedPage(page, 'scripted report', 1, 'Scripted report, page one');
    await page.getByRole('button', { name: /Next/ }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expectRenderedPage(page, 'scripted report', 2, 'Scripted report, page two');
    await checkScreen(page, testInfo, 'preview-pdf-pages');
    expect(page.frames().some((frame) => frame.url().startsWith(PDF_VIEWER_EXTENSION))).toBe(false);
    expect(violations).toEqual([]);

    // The raw content URL, opened by the browser: an attachment, saved instead of shown.
    const saved = page.waitForEvent('download');
    await page.goto(file.url).catch(() => undefined);
    expect((await saved).suggestedFilename()).toBe('scripted report');

    // The signed download link: an attachment too.
    const link = await page.request.get(`/api/v1/files/f/${file._id}/download`);
    const { url } = ((await link.json()) as { data: { url: string } }).data;
    const downloaded = page.waitForEvent('download');
    await page.goto(url).catch(() => undefined);
    expect((await downloaded).suggestedFilename()).toBe('scripted report.pdf');

    // Framed, embedded or as an object by a page of the app: nothing loads the browser's viewer.
    await page.goto(`/dashboard/file/${file._id}`);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      const embed = document.createElement('embed');
      embed.src = src;
      embed.type = 'application/pdf';
      const object = document.createElement('object');
      object.data = src;
      object.type = 'application/pdf';
      document.body.append(frame, embed, object);
    }, file.url);
    // Give every script in the document time to run: wait until the app has painted the page again.
    await expectRenderedPage(page, 'scripted report', 1, 'Scripted report, page one');
    expect(page.frames().some((frame) => frame.url().startsWith(PDF_VIEWER_EXTENSION))).toBe(false);
    expect(dialogs).toEqual([]);
  });

  test("control: the same PDF, served inline to Chromium's own viewer, does open a dialog", async ({
    page,
  }) => {
    // Proves the fixture's scripts are live, so the test above could fail. Served from another origin the
    // test invents, never from CloudStash.
    const dialogs = watchDialogs(page);
    await page.route('http://control.invalid/scripted.pdf', (route) =>
      route.fulfill({ status: 200, contentType: 'application/pdf', body: FIXTURES.scriptedPdf.bytes }),
    );
    await page.goto('http://control.invalid/scripted.pdf');
    await expect
      .poll(() => dialogs.length, { message: 'a dialog opens', timeout: 20_000 })
      .toBeGreaterThan(0);
  });
});

test.describe('the PDF viewer', () => {
  test('a PDF that cannot be read shows why and offers the download instead', async ({
    page,
    user: _user,
  }) => {
    const file = await uploadFile(page.request, FIXTURES.pdf, { filename: 'unreadable report' });
    // Bytes that start like a PDF and hold nothing pdf.js can open.
    await page.route(`**${file.url}`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/pdf', body: '%PDF-1.4\nnothing here\n' }),
    );
    await page.goto(`/dashboard/file/${file._id}`);
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('alert')).toHaveText(
      /This PDF could not be shown\. Download it to open it\./,
    );
    const download = page.waitForEvent('download');
    await preview.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe('unreadable report.pdf');
  });
});

test.describe('pdf.js loading', () => {
  test('only a PDF preview loads pdf.js: not the landing page, not an image preview', async ({
    page,
    user: _user,
  }) => {
    // Every script the browser runs, with a sign of whether it holds pdf.js (one of its own messages).
    const scripts: Promise<{ url: string; pdfjs: boolean }>[] = [];
    page.on('response', (response) => {
      if (['script', 'worker'].includes(response.request().resourceType())) {
        scripts.push(
          // A redirect has no body of its own; its target is a response of its own.
          (response.status() < 300 ? response.text() : Promise.resolve('')).then((body) => ({
            url: response.url(),
            pdfjs: body.includes('Setting up fake worker') || /pdf\.worker/.test(response.url()),
          })),
        );
      }
    });
    const pdfjsLoaded = async () => (await Promise.all(scripts)).filter((s) => s.pdfjs).map((s) => s.url);
    const image = await uploadFile(page.request, FIXTURES.png, { filename: 'plain picture' });
    const pdf = await uploadFile(page.request, FIXTURES.pdf, { filename: 'lazy report' });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.goto(`/dashboard/file/${image._id}`);
    await expect(page.getByRole('img', { name: 'plain picture' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await pdfjsLoaded()).toEqual([]);

    await page.goto(`/dashboard/file/${pdf._id}`);
    await expect(page.getByRole('img', { name: 'Page 1 of 1 of lazy report' })).toBeVisible();
    expect(await pdfjsLoaded()).toHaveLength(2);
  });
});
