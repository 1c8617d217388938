import { randomBytes } from 'node:crypto';
import { seedPublicFiles } from './support/api';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { dataRows } from './support/ui';

// This instance counts a text search's matches up to SEARCH_COUNT_LIMIT=20 (playwright.large.config.ts).
test('a search matching more files than the server counts says "50+" until the last page is in', async ({
  page,
  user: _user,
}, testInfo) => {
  const tag = `capped${randomBytes(3).toString('hex')}`;
  await seedPublicFiles(page.request, tag, 55);
  await page.goto('/dashboard/public-files');
  await expect(page.getByRole('heading', { name: 'Public Files', level: 1 })).toBeVisible();
  await page
    .getByRole('main')
    .getByRole('searchbox', { name: /search/i })
    .fill(tag);
  await expect(page.getByText('Showing 50 of 50+ public files')).toBeVisible();
  await expect(dataRows(page)).toHaveCount(50);
  await checkScreen(page, testInfo, 'public-files-capped-count');

  await page.getByRole('main').getByRole('button', { name: 'Load more' }).click();
  await expect(dataRows(page)).toHaveCount(55);
  await expect(page.getByText('Showing 55 of 55 public files')).toBeVisible();
});
