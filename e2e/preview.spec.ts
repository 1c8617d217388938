import { readFileSync } from 'node:fs';
import { MESSAGES, fileTypeLabel, formatDate, formatSize, type StoredFile } from '@cloudstash/contract';
import type { Locator, Page } from '@playwright/test';
import { createUser, uploadFile } from './support/api';
import { BASE_URL } from './support/env';
import { FIXTURES, type Fixture } from './support/files';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { atPath, expectFigure, figureValues, rowWith } from './support/ui';

const contentPath = (id: string) => `/api/v1/files/f/${id}/content`;

/** The side card whose heading is `title` (File Details, Uploaded By, Actions). */
function card(page: Page, title: string): Locator {
  return page
    .getByRole('main')
    .locator('section, article, div')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .last();
}

async function openPreview(page: Page, file: StoredFile) {
  await page.goto(`/dashboard/file/${file._id}`);
  await expect(page.getByRole('heading', { name: file.filename })).toBeVisible();
}

async function expectDetails(page: Page, file: StoredFile, fixture: Fixture, uploader: string) {
  const details = card(page, 'File Details');
  await expectFigure(details, 'File ID', file._id);
  // The type as its label, its media type, or both ("Image (image/png)").
  const label = fileTypeLabel(file.mimetype);
  await expect
    .poll(() => figureValues(details, 'Type'), { message: 'Type shows the type label and/or media type' })
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^(${label}|${file.mimetype}|${label} \\(${file.mimetype}\\))$`)),
      ]),
    );
  await expectFigure(details, 'Size', formatSize(fixture.bytes.length));
  await expectFigure(details, 'Downloads', String(file.downloadCount));
  await expectFigure(details, 'Visibility', file.isPublic ? 'Public' : 'Private');
  await expectFigure(details, 'Uploaded', formatDate(file.createdAt));
  await expectFigure(details, 'Modified', formatDate(file.updatedAt));
  await expect(card(page, 'Uploaded By')).toContainText(uploader);
}

test.describe('file preview', () => {
  test('an image is shown inline with its bytes loaded, beside its details', async ({
    page,
    user,
  }, testInfo) => {
    const file = await uploadFile(page.request, FIXTURES.png, { filename: 'gradient', isPublic: true });
    await openPreview(page, file);
    const img = page.getByRole('main').locator(`img[src*="${file._id}"]`);
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(32);
    await expectDetails(page, file, FIXTURES.png, user.name);
    await expect(card(page, 'Actions').getByRole('button', { name: 'Download File' })).toBeVisible();
    await expect(card(page, 'Actions').getByRole('button', { name: 'Share Link' })).toBeVisible();
    await checkScreen(page, testInfo, 'preview-image');
  });

  test('a video plays with controls and can seek', async ({ page, user: _user }, testInfo) => {
    const file = await uploadFile(page.request, FIXTURES.webm, { filename: 'test pattern' });
    await openPreview(page, file);
    const video = page.getByRole('main').locator('video');
    await expect(video).toBeVisible();
    await expect(video).toHaveAttribute('controls', /.*/);
    expect(
      await video.evaluate(
        (el: HTMLVideoElement) => el.currentSrc || el.src || el.querySelector('source')?.src || '',
      ),
    ).toContain(contentPath(file._id));
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState))
      .toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((el: HTMLVideoElement) => el.duration)).toBeGreaterThan(1.5);
    const position = await video.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          el.addEventListener('seeked', () => resolve(el.currentTime), { once: true });
          el.currentTime = 1;
        }),
    );
    expect(position).toBeCloseTo(1, 1);
    await checkScreen(page, testInfo, 'preview-video');
  });

  test('a PDF is drawn page by page from the bytes the app fetches, with a worker of our own', async ({
    page,
    user: _user,
  }, testInfo) => {
    const file = await uploadFile(page.request, FIXTURES.pdf, { filename: 'annual report' });
    const pdfResponse = page.waitForResponse((r) => r.url().includes(contentPath(file._id)));
    const worker = page.waitForEvent('worker');
    await openPreview(page, file);
    const response = await pdfResponse;
    expect(response.status()).toBeLessThan(300);
    expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
    expect(await response.request().headerValue('sec-fetch-dest')).toBe('empty');
    expect(new URL((await worker).url()).origin).toBe(BASE_URL);

    const pdfPage = page.getByRole('main').getByRole('img', { name: 'Page 1 of 1 of annual report' });
    await expect(pdfPage).toBeVisible();
    await expect(page.getByText('CloudStash end-to-end test document')).toBeAttached();
    await expect(page.getByRole('main').locator('iframe, embed, object')).toHaveCount(0);
    // The page fills the width of the preview area, on a phone as on a desktop.
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect
        .poll(async () => {
          const [canvas, area] = await Promise.all([
            pdfPage.boundingBox(),
            page.getByRole('region', { name: 'Preview' }).boundingBox(),
          ]);
          return canvas!.width > area!.width * 0.8 && canvas!.x + canvas!.width <= area!.x + area!.width;
        })
        .toBe(true);
    }
    await checkScreen(page, testInfo, 'preview-pdf');
  });

  test('a text file is not previewed but offers Download to View', async ({
    page,
    user: _user,
  }, testInfo) => {
    const file = await uploadFile(page.request, FIXTURES.txt, { filename: 'plain notes' });
    await openPreview(page, file);
    await expect(page.getByText('This text file cannot be previewed directly.')).toBeVisible();
    await checkScreen(page, testInfo, 'preview-text');

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download to View' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('plain notes.txt');
    expect(readFileSync(await download.path())).toEqual(FIXTURES.txt.bytes);
  });

  test('Download File saves {filename}.{ext} with the same bytes; one person counts once a minute', async ({
    page,
    user: _user,
  }) => {
    const file = await uploadFile(page.request, FIXTURES.jpeg, { filename: 'sunset photo', isPublic: true });
    await openPreview(page, file);
    const details = card(page, 'File Details');
    await expectFigure(details, 'Downloads', '0');

    // The first download counts; the same person downloading again within the minute does not inflate it.
    for (const expected of ['1', '1']) {
      const downloadPromise = page.waitForEvent('download');
      await card(page, 'Actions').getByRole('button', { name: 'Download File' }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toBe(`sunset photo.${FIXTURES.jpeg.ext}`);
      expect(readFileSync(await download.path())).toEqual(FIXTURES.jpeg.bytes);
      await expectFigure(details, 'Downloads', expected);
    }
  });

  test('Share Link copies the page address when the device has no share function', async ({
    page,
    context,
    user: _user,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    await page.addInitScript(() => {
      // Desktop Chromium on Linux has no Web Share; make sure of it.
      delete (Navigator.prototype as { share?: unknown }).share;
      delete (Navigator.prototype as { canShare?: unknown }).canShare;
    });
    const file = await uploadFile(page.request, FIXTURES.png, { filename: 'share me', isPublic: true });
    await openPreview(page, file);
    await card(page, 'Actions').getByRole('button', { name: 'Share Link' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${BASE_URL}/dashboard/file/${file._id}`);
  });

  test('Share Link uses the device share function when there is one', async ({ page, user: _user }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { __shares: unknown[] }).__shares = calls;
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: unknown) => {
          calls.push(data);
          return Promise.resolve();
        },
      });
    });
    const file = await uploadFile(page.request, FIXTURES.png, { filename: 'share natively', isPublic: true });
    await openPreview(page, file);
    await card(page, 'Actions').getByRole('button', { name: 'Share Link' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shares: { url?: string }[] }).__shares))
      .toEqual([expect.objectContaining({ url: `${BASE_URL}/dashboard/file/${file._id}` })]);
  });

  test('Back returns to the list the preview was opened from', async ({ page, user: _user }) => {
    const file = await uploadFile(page.request, FIXTURES.pdf, { filename: 'back and forth' });
    await page.goto('/dashboard/my-files');
    await rowWith(page, 'back and forth').getByRole('link', { name: 'Preview' }).click();
    await expect(page).toHaveURL(atPath(`/dashboard/file/${file._id}`));
    await page.getByRole('button', { name: /^Back/ }).click();
    await expect(page).toHaveURL(atPath('/dashboard/my-files'));
  });

  test("a missing file, or someone else's private file, is not found", async ({
    page,
    request,
    user: _user,
  }) => {
    const other = await createUser(request, 'Other');
    const secret = await uploadFile(request, FIXTURES.txt, { filename: `secret of ${other.name}` });

    for (const id of ['00000000-0000-4000-8000-000000000000', secret._id]) {
      await page.goto(`/dashboard/file/${id}`);
      await expect(page.getByText(MESSAGES.fileNotFound).first()).toBeVisible();
      await expect(page.getByText(secret.filename)).toHaveCount(0);
    }
  });
});
