import { MESSAGES, type Page as ApiPage, type StoredFile } from '@cloudstash/contract';
import type { Locator, Page } from '@playwright/test';
import { signIn, uploadFile } from './support/api';
import { BASE_URL } from './support/env';
import { FIXTURES, uniqueMediaCopy, type Fixture } from './support/files';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { atPath, toast } from './support/ui';

/** The grid of the screen's file list: one card (list item) per file. */
const grid = (page: Page, label: string) => page.getByRole('list', { name: label });
const card = (page: Page, label: string, filename: string) =>
  grid(page, label).getByRole('listitem').filter({ hasText: filename });
const layout = (page: Page, name: 'Table' | 'Grid') => page.getByRole('radio', { name });

/** True once the image has been fetched and decoded (a broken or unloaded image has no natural width). */
const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

async function uploadThroughForm(page: Page, file: Fixture, isPublic: boolean) {
  await page.goto('/dashboard/upload-file');
  await page.locator('input[type="file"]').setInputFiles(file.path);
  if (isPublic) await page.getByRole('checkbox', { name: 'Make this file public' }).check();
  await page.getByRole('button', { name: 'Upload File' }).click();
  await expect(toast(page, MESSAGES.uploadSuccess)).toBeVisible();
  await expect(page).toHaveURL(atPath('/dashboard/my-files'));
}

test.describe('thumbnails and the grid', () => {
  test('a photo and a video get their thumbnails in the grid without a reload', async ({
    page,
    user: _user,
  }, testInfo) => {
    // Two uploads through the form, then waiting for ffmpeg to make a video's poster: the slowest flow here.
    test.slow();
    const photo = uniqueMediaCopy(FIXTURES.jpeg, 'grid-photo');
    const video = uniqueMediaCopy(FIXTURES.mp4, 'grid-video');
    // Every answer of the list, to tell whether the thumbnails were still being made when the grid first showed.
    const answers: StoredFile[][] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== '/api/v1/files/user-files' || !response.ok()) return;
      // An answer the page navigated away from has no body left to read; it is simply not counted.
      const body = (await response.json().catch(() => null)) as ApiPage<StoredFile> | null;
      if (body) answers.push(body.data);
    });

    await page.goto('/dashboard/my-files');
    await expect(page.getByText(MESSAGES.noFilesUploaded)).toBeVisible();
    await expect(layout(page, 'Table')).toBeChecked();
    await layout(page, 'Grid').check();

    await uploadThroughForm(page, photo, true);
    await uploadThroughForm(page, video, false);
    // From here on the page is never loaded again: a marker on the window would not survive a reload.
    await page.evaluate(() => ((window as unknown as { keptPage: boolean }).keptPage = true));

    await expect(layout(page, 'Grid')).toBeChecked();
    for (const file of [photo, video]) {
      const img = card(page, 'Your files', file.stem).locator('img');
      await expect(img).toHaveAttribute('src', /\/thumbnail$/, { timeout: 30_000 });
      await expect.poll(() => loaded(img)).toBe(true);
      // The first screen's cards are asked for at once; cards further down wait until they scroll into view.
      await expect(img).toHaveAttribute('loading', 'eager');
    }
    expect(await page.evaluate(() => (window as unknown as { keptPage?: boolean }).keptPage)).toBe(true);
    const pendingAtFirst = answers.some((files) => files.some((f) => f.thumbnailPending));
    testInfo.annotations.push({
      type: 'thumbnails',
      description: pendingAtFirst
        ? `still being made when the grid first showed; appeared after ${answers.length} list answers`
        : 'already made when the grid first showed',
    });
    // The card carries the same actions as the table's row, and the size and visibility.
    const photoCard = card(page, 'Your files', photo.stem);
    await expect(photoCard.getByRole('button', { name: `Delete ${photo.stem}` })).toBeVisible();
    await expect(photoCard).toContainText('Public');
    await expect(card(page, 'Your files', video.stem)).toContainText('Private');
    await checkScreen(page, testInfo, 'my-files-grid');
  });

  test('a type without thumbnails keeps its icon, and the layout is remembered and shared by every list', async ({
    page,
    user: _user,
  }, testInfo) => {
    const photo = await uploadFile(page.request, uniqueMediaCopy(FIXTURES.jpeg, 'layout-photo'), {
      isPublic: true,
    });
    await uploadFile(page.request, FIXTURES.txt, { filename: 'grid notes' });

    await page.goto('/dashboard/my-files');
    await expect(layout(page, 'Table')).toBeChecked();
    await layout(page, 'Grid').check();
    await page.reload();
    await expect(layout(page, 'Grid')).toBeChecked();
    const note = card(page, 'Your files', 'grid notes');
    await expect(note.locator('svg').first()).toBeVisible();
    await expect(note.locator('img')).toHaveCount(0);

    await layout(page, 'Table').check();
    await expect(page.getByRole('columnheader', { name: /Visibility/ })).toBeVisible();
    await expect(grid(page, 'Your files')).toHaveCount(0);
    await page.reload();
    await expect(layout(page, 'Table')).toBeChecked();
    await expect(page.getByRole('columnheader', { name: /Visibility/ })).toBeVisible();

    // Public Files shares the choice: one layout per browser for every list.
    await layout(page, 'Grid').check();
    await page.goto(`/dashboard/public-files?q=${encodeURIComponent(photo.filename)}`);
    await expect(layout(page, 'Grid')).toBeChecked();
    const publicImg = card(page, 'Public files', photo.filename).locator('img');
    await expect(publicImg).toHaveAttribute('src', /\/thumbnail$/, { timeout: 30_000 });
    await expect.poll(() => loaded(publicImg)).toBe(true);
    await checkScreen(page, testInfo, 'public-files-grid');
  });

  test('the preview shows the large thumbnail first and the original on demand, a video its poster', async ({
    page,
    user: _user,
  }, testInfo) => {
    const photo = await uploadFile(page.request, uniqueMediaCopy(FIXTURES.jpeg, 'preview-photo'));
    const video = await uploadFile(page.request, uniqueMediaCopy(FIXTURES.mp4, 'preview-video'));
    await expect
      .poll(async () => {
        const files = (await (await page.request.get('/api/v1/files/user-files')).json())
          .data as StoredFile[];
        return files.filter((f) => f.thumbnailUrl !== null).length;
      })
      .toBe(2);

    await page.goto(`/dashboard/file/${photo._id}`);
    const img = page.getByRole('main').getByRole('img', { name: photo.filename });
    await expect(img).toHaveAttribute('src', `/api/v1/files/f/${photo._id}/thumbnail?size=1024`);
    await expect.poll(() => loaded(img)).toBe(true);
    await checkScreen(page, testInfo, 'preview-thumbnail');
    await page.getByRole('button', { name: 'View original' }).click();
    await expect(img).toHaveAttribute('src', `/api/v1/files/f/${photo._id}/content`);
    await expect.poll(() => loaded(img)).toBe(true);
    await expect(page.getByRole('button', { name: 'View original' })).toHaveCount(0);

    await page.goto(`/dashboard/file/${video._id}`);
    const player = page.getByRole('main').locator('video');
    await expect(player).toHaveAttribute('poster', `/api/v1/files/f/${video._id}/thumbnail?size=1024`);
    await expect(player).toHaveAttribute('src', `/api/v1/files/f/${video._id}/content`);

    // A share link's visitor sees the same, through the link.
    const created = await page.request.post(`/api/v1/files/f/${photo._id}/links`, { data: {} });
    const { token } = (await created.json()).data as { token: string };
    const visitor = await page.context().browser()!.newPage({ baseURL: BASE_URL });
    await visitor.goto(`/s/${token}`);
    const shared = visitor.getByRole('img', { name: photo.filename });
    await expect(shared).toHaveAttribute('src', `/api/v1/s/${token}/thumbnail?size=1024`);
    await expect.poll(() => loaded(shared)).toBe(true);
    await visitor.getByRole('button', { name: 'View original' }).click();
    await expect(shared).toHaveAttribute('src', `/api/v1/s/${token}/content`);
    await visitor.close();
  });

  test('All Files offers the grid with the same cards', async ({ page, adminAccount }, testInfo) => {
    await signIn(page.request, adminAccount);
    const photo = await uploadFile(page.request, uniqueMediaCopy(FIXTURES.jpeg, 'admin-photo'));
    await page.goto(`/dashboard/admin/files?q=${encodeURIComponent(photo.filename)}`);
    await layout(page, 'Grid').check();
    const img = card(page, 'All files', photo.filename).locator('img');
    await expect(img).toHaveAttribute('src', /\/thumbnail$/, { timeout: 30_000 });
    await expect.poll(() => loaded(img)).toBe(true);
    await expect(card(page, 'All files', photo.filename)).toContainText(adminAccount.email);
    await checkScreen(page, testInfo, 'all-files-grid');
  });
});
