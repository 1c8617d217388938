import type { APIRequestContext, Page } from '@playwright/test';
import { checkInBothThemes } from './support/themed-screens';
import { expect, test } from './support/test';

// A search of all folders says where each file it found lies, as a link there, and finds folders by name
// anywhere in the tree, each with the folders above it.

async function folder(request: APIRequestContext, name: string, parentId: string | null = null) {
  const made = await request.post('/api/v1/folders', { data: { name, parentId } });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { data: { _id: string } }).data._id;
}

const main = (page: Page) => page.getByRole('main');
const shown = (page: Page, name: string) =>
  main(page).getByRole('link', { name, exact: true }).locator('visible=true').first();

test('a search of all folders says where each hit lies and finds folders by name', async ({
  page,
  user: _user,
}, testInfo) => {
  const projects = await folder(page.request, 'Projects');
  const clients = await folder(page.request, 'Clients', projects);
  const acme = await folder(page.request, 'Acme', clients);
  await folder(page.request, 'Acme archive');
  const sent = await page.request.post('/api/v1/files/upload', {
    multipart: {
      filename: 'acme brief',
      folderId: acme,
      file: { name: 'acme brief.txt', mimeType: 'text/plain', buffer: Buffer.from('the brief') },
    },
  });
  expect(sent.status()).toBe(201);

  await page.goto('/dashboard/my-files');
  await page.getByRole('searchbox', { name: 'Search' }).fill('acme');
  await page.getByRole('combobox', { name: 'Look in' }).selectOption('all');

  const folders = page.getByRole('region', { name: 'Folders' });
  await expect(folders.getByRole('link', { name: 'Acme', exact: true })).toBeVisible();
  await expect(folders.getByText('In Projects / Clients')).toBeVisible();
  await expect(folders.getByRole('link', { name: 'Acme archive' })).toBeVisible();
  await expect(folders.getByText('In My Files')).toBeVisible();
  await expect(shown(page, 'acme brief')).toBeVisible();
  const where = shown(page, 'Projects / Clients / Acme');
  await expect(where).toBeVisible();
  await checkInBothThemes(page, testInfo, 'search-all-folders');

  // The hit's place is a link to its folder.
  await where.click();
  await expect(page).toHaveURL(new RegExp(`[?&]folder=${acme}`));
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText('Clients');
});
