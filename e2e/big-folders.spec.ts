import type { APIRequestContext, Page } from '@playwright/test';
import { DESKTOP, PHONE } from './support/screens';
import { checkInBothThemes } from './support/themed-screens';
import { expect, test } from './support/test';

// Inside a folder the files come first: the breadcrumb, one line of what one can do, then the files, in the
// first screen at 1280 and at 390 px; My Files' top keeps the spec's tiles.

const PHONE_390 = { width: 390, height: 844 } as const;

async function folderWithFiles(request: APIRequestContext, name: string, count: number) {
  const made = await request.post('/api/v1/folders', { data: { name, parentId: null } });
  expect(made.status()).toBe(201);
  const folderId = ((await made.json()) as { data: { _id: string } }).data._id;
  // Up to 30 uploads in one batch request each, with their own bytes.
  for (let start = 0; start < count; start += 30) {
    const form = new FormData();
    for (let i = start; i < Math.min(count, start + 30); i++) {
      const stem = `sketch ${String(i).padStart(3, '0')}`;
      form.append('filename', stem);
      form.append('folderId', folderId);
      form.append('file', new Blob([`${name} ${i}\n`.repeat(30)], { type: 'text/plain' }), `${stem}.txt`);
    }
    const sent = await request.post('/api/v1/files/upload-batch', { multipart: form });
    expect(sent.status()).toBe(200);
  }
  return folderId;
}

const firstRow = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('link', { name: /^sketch \d{3}$/ })
    .locator('visible=true')
    .first();

test('inside a folder its files begin in the first screen, at 1280 and at 390 px', async ({
  page,
  user: _user,
}, testInfo) => {
  const folderId = await folderWithFiles(page.request, 'Studio', 30);
  for (const size of [DESKTOP, PHONE_390, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(`/dashboard/my-files?folder=${folderId}`);
    const first = firstRow(page);
    await expect(first).toBeVisible();
    const box = (await first.boundingBox())!;
    expect(box.y + box.height, `the first file at ${size.width} px`).toBeLessThanOrEqual(size.height);
    await expect(page.getByRole('region', { name: 'Your file statistics' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Folder path' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await page.screenshot({ path: `/tmp/big-folder-${size.width}.png` });
  }
  await checkInBothThemes(page, testInfo, 'folder-files-first');

  // My Files' top keeps its tiles.
  await page.goto('/dashboard/my-files');
  await expect(page.getByRole('region', { name: 'Your file statistics' })).toBeVisible();
});

test('a big folder keeps loading as one scrolls, says how many, and Select all means all of it', async ({
  page,
  user: _user,
}) => {
  test.slow();
  const folderId = await folderWithFiles(page.request, 'Archive', 130);
  await page.goto(`/dashboard/my-files?folder=${folderId}`);
  const count = page.getByText(/^Showing \d+ of 130 files/);
  await expect(count).toHaveText(/^Showing 50 of 130 files/);
  // Scrolling to the end reads the next pages, without a click, until the folder is all there (how fast the
  // pages come decides how many one scroll brings, so the test scrolls until all are in).
  await expect
    .poll(async () => {
      await page.keyboard.press('End');
      await page.mouse.wheel(0, 100_000);
      return count.textContent();
    })
    .toMatch(/^Showing 130 of 130 files/);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // Select all, with the folder only partly read, chooses all of it.
  await page.reload();
  await expect(count).toHaveText(/^Showing 50 of 130 files/);
  const selectAll = page.getByRole('checkbox', { name: 'Select all' });
  await selectAll.click();
  await expect(page.getByText('130 selected')).toBeVisible();
  await expect(selectAll).toBeChecked();
  await expect(count).toHaveText(/^Showing 130 of 130 files/);
});
