import crypto from 'node:crypto';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { MESSAGES } from '@cloudstash/contract';
import { myFiles } from './support/api';
import { RUN_DIR } from './support/env';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { toast } from './support/ui';

const MB = 1024 * 1024;

/** A 60 MB file the server types as MP4 (an ftyp box first), with random bytes so nothing deduplicates. */
function sixtyMegabyteVideo(): string {
  const bytes = crypto.randomBytes(60 * MB);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  bytes.writeUInt32BE(0x200, 12);
  bytes.write('isomiso2', 16, 'latin1');
  const file = join(RUN_DIR, `large-${crypto.randomUUID()}.mp4`);
  writeFileSync(file, bytes);
  return file;
}

/** Slows the page's uploads so a person (and this test) can see, pause and interrupt one. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

async function chooseFile(page: Page, file: string) {
  await page.goto('/dashboard/upload-file');
  await page.locator('input[type="file"]').setInputFiles(file);
  await expect(page.getByRole('textbox', { name: /file ?name/i })).not.toHaveValue('');
}

const percentShown = async (page: Page) =>
  Number(
    (
      await page
        .getByText(/^\d+%$/)
        .first()
        .textContent()
    )?.replace('%', ''),
  );

test.describe('large files', () => {
  test('a 60 MB file uploads resumably: progress, pause and resume, a reload resumes it; the quota bar and the download follow', async ({
    page,
    user,
  }, testInfo) => {
    test.setTimeout(180_000);
    const file = sixtyMegabyteVideo();
    await throttleUploads(page, 4 * MB);
    await chooseFile(page, file);
    await page.getByRole('button', { name: 'Upload File' }).click();

    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect(progress).toBeVisible();
    await expect(page.getByText(/\/s · .* left$/)).toBeVisible();
    await expect.poll(() => percentShown(page)).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByText(/· Paused$/)).toBeVisible();
    await checkScreen(page, testInfo, 'upload-resumable-paused');
    const paused = await percentShown(page);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => percentShown(page)).toBeGreaterThan(paused);

    // A reload in the middle: the same file chosen again is offered for resuming and finishes from there.
    await expect.poll(() => percentShown(page)).toBeGreaterThan(25);
    await page.reload();
    await chooseFile(page, file);
    await expect(page.getByText('An unfinished upload of this file was found')).toBeVisible();
    await throttleUploads(page, 40 * MB);
    await page.getByRole('button', { name: 'Upload File' }).click();
    await expect.poll(() => percentShown(page)).toBeGreaterThan(20);
    await expect(toast(page, MESSAGES.uploadSuccess)).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/\/dashboard\/my-files$/);

    const [stored] = await myFiles(page.request);
    expect(stored).toMatchObject({ size: 60 * MB, mimetype: 'video/mp4', uploadedBy: { _id: user.id } });
    await expect(page.getByRole('region', { name: 'Storage quota' })).toContainText('60 MB used of 1 GB');
    await checkScreen(page, testInfo, 'my-files-quota');

    // The download goes to the browser's download manager: the page never reads the bytes itself.
    const pageReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/content') && ['fetch', 'xhr'].includes(request.resourceType()))
        pageReads.push(request.url());
    });
    await page.goto(`/dashboard/file/${stored!._id}`);
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Download File/ }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/\.mp4$/);
    expect(statSync(await download.path()).size).toBe(60 * MB);
    expect(pageReads).toEqual([]);
  });
});
