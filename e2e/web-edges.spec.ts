import { randomBytes } from 'node:crypto';
import { MESSAGES, unsupportedTypeMessage } from '@cloudstash/contract';
import type { Page } from '@playwright/test';
import { countDownload, createUser, seedPublicFiles, storageStats, uploadFile } from './support/api';
import { ADMIN_STORAGE_STATE } from './support/env';
import { FIXTURES, uniqueTextFile } from './support/files';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { atPath, dataRows, dropFiles, openMenuLink, rowWith, watchUploads } from './support/ui';

const loadMore = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Load more' });

test.describe('logout outside the dashboard', () => {
  for (const [where, path] of [
    ['the landing page', '/'],
    ['the page-not-found screen', '/no-such-page'],
  ] as const) {
    test(`logout from ${where} ends at /login`, async ({ page, user }) => {
      await page.goto(path);
      await openMenuLink(page, user.name, 'Logout');
      await expect(page).toHaveURL(atPath('/login'));
      await expect(
        page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }),
      ).toBeVisible();
    });
  }
});

test('logout ends at /login even when the server fails to answer it', async ({ page, user }) => {
  await page.route('**/api/v1/users/logout', (route) =>
    route.fulfill({ status: 500, json: { message: MESSAGES.internalError, code: 'INTERNAL' } }),
  );
  await page.goto('/dashboard/public-files');
  await openMenuLink(page, user.name, 'Logout');
  await expect(page).toHaveURL(atPath('/login'));
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
});

test.describe('"Showing X of Y" counts rows on screen out of the matching files', () => {
  test('public files: 50 of 55 on the first page, 55 of 55 after Load more', async ({
    page,
    user: _user,
  }) => {
    const tag = `many${randomBytes(3).toString('hex')}`;
    await seedPublicFiles(page.request, tag, 55);
    await page.goto('/dashboard/public-files');
    await page
      .getByRole('main')
      .getByRole('searchbox', { name: /search/i })
      .fill(tag);
    await expect(page.getByText('Showing 50 of 55 public files')).toBeVisible();
    await expect(dataRows(page)).toHaveCount(50);
    await loadMore(page).click();
    await expect(dataRows(page)).toHaveCount(55);
    await expect(page.getByText('Showing 55 of 55 public files')).toBeVisible();
  });

  test('All Files: the same counts for the admin', async ({ browser, request }) => {
    const tag = `adm${randomBytes(3).toString('hex')}`;
    await createUser(request, 'Many');
    await seedPublicFiles(request, tag, 52);
    const context = await browser.newContext({ storageState: ADMIN_STORAGE_STATE });
    const page = await context.newPage();
    await page.goto('/dashboard/admin/files');
    await page
      .getByRole('main')
      .getByRole('searchbox', { name: /search/i })
      .fill(tag);
    await expect(page.getByText('Showing 50 of 52 files')).toBeVisible();
    await loadMore(page).click();
    await expect(page.getByText('Showing 52 of 52 files')).toBeVisible();
    await context.close();
  });
});

test.describe('dropping files', () => {
  test('a mixed drop uses the first dropped file and refuses it when its type is not allowed', async ({
    page,
    user: _user,
  }) => {
    const sent = watchUploads(page);
    await page.goto('/dashboard/upload-file');
    await dropFiles(page, page.getByRole('button', { name: /drag and drop/i }), [FIXTURES.zip, FIXTURES.png]);
    await expect(
      page.getByRole('alert').filter({ hasText: unsupportedTypeMessage('application/zip') }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: /file ?name/i })).toHaveValue('');
    await expect(page.getByText(FIXTURES.png.name)).toHaveCount(0);
    expect(sent).toHaveLength(0);
  });
});

test.describe('hints', () => {
  test('a file id the server refuses as malformed (400) shows File not found, not the validation text', async ({
    page,
    user: _user,
  }) => {
    // The server's words for a malformed id are its validator's; whatever they are, the screen must not show them.
    const validatorText = 'Invalid UUID: expected string to match pattern';
    await page.route('**/api/v1/files/f/not-a-uuid', (route) =>
      route.fulfill({ status: 400, json: { message: validatorText, code: 'VALIDATION_ERROR' } }),
    );
    await page.goto('/dashboard/file/not-a-uuid');
    await expect(page.getByText(MESSAGES.fileNotFound).first()).toBeVisible();
    await expect(page).toHaveURL(atPath('/dashboard/file/not-a-uuid'));
    await expect(page.getByText(validatorText)).toHaveCount(0);
  });

  test('the edit dialog names the length limit and says what a cleaned name will be saved as', async ({
    page,
    user: _user,
  }, testInfo) => {
    await uploadFile(page.request, FIXTURES.txt, { filename: 'plain notes' });
    await page.goto('/dashboard/my-files');
    await rowWith(page, 'plain notes').getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit File' });
    const name = dialog.getByRole('textbox', { name: 'File Name' });
    await name.fill('x'.repeat(256));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(MESSAGES.filenameTooLong)).toBeVisible();

    await name.fill('reports/2026\u202Eq3');
    await expect(dialog.getByText('Will be saved as: reports_2026q3')).toBeVisible();
    await checkScreen(page, testInfo, 'edit-dialog-cleaned-name');
    await name.fill('tidy name');
    await expect(dialog.getByText(/Will be saved as/)).toHaveCount(0);
  });
});

test.describe('lists keep their filters and sort in the address', () => {
  test('Public Files: Images sorted by Size survive opening a file, Back and a reload', async ({
    page,
    user: _user,
  }, testInfo) => {
    const tag = `url${randomBytes(3).toString('hex')}`;
    await uploadFile(page.request, FIXTURES.png, { filename: `${tag} small`, isPublic: true });
    await uploadFile(page.request, FIXTURES.jpeg, { filename: `${tag} big`, isPublic: true });
    await page.goto('/dashboard/public-files');
    const main = page.getByRole('main');
    const category = main.getByRole('combobox', { name: /category/i });
    await category.selectOption({ label: 'Images' });
    const sizeHeader = page.getByRole('columnheader', { name: 'Size', exact: true });
    await sizeHeader.getByRole('button').click();
    await expect(sizeHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/category=image/);

    await rowWith(page, `${tag} small`)
      .getByRole('link', { name: `${tag} small` })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/file\//);
    await page.getByRole('button', { name: /^Back/ }).click();
    await expect(page).toHaveURL(atPath('/dashboard/public-files'));
    await expect(category).toHaveValue('image');
    await expect(sizeHeader).toHaveAttribute('aria-sort', 'ascending');

    await page.reload();
    await expect(category).toHaveValue('image');
    await expect(sizeHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(rowWith(page, `${tag} small`)).toHaveCount(1);
    await checkScreen(page, testInfo, 'public-files-from-url');
  });

  test('My Files, All Files, Users and a user’s files restore their state from the address', async ({
    browser,
    request,
  }) => {
    const owner = await createUser(request, 'Url');
    await uploadFile(request, FIXTURES.txt, { filename: 'url state notes' });
    await countDownload(
      request,
      (await uploadFile(request, uniqueTextFile('url'), { filename: 'url x' }))._id,
    );
    const context = await browser.newContext({ storageState: ADMIN_STORAGE_STATE });
    const page = await context.newPage();

    await page.goto('/dashboard/admin/files?q=url+state&visibility=private&sort=size&order=asc');
    await expect(page.getByRole('main').getByRole('searchbox', { name: /search/i })).toHaveValue('url state');
    await expect(page.getByRole('main').getByRole('combobox', { name: /visibility/i })).toHaveValue(
      'private',
    );
    await expect(page.getByRole('columnheader', { name: 'Size', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await page.goto(`/dashboard/admin/users?q=${encodeURIComponent(owner.email)}`);
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue(owner.email);
    await expect(dataRows(page)).toHaveCount(1);

    await page.goto(`/dashboard/admin/users/${owner.id}?sort=downloadCount&order=desc`);
    await expect(page.getByRole('columnheader', { name: 'Downloads', exact: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(dataRows(page).first()).toContainText('url x');
    await context.close();
  });

  test('My Files keeps its sort in the address', async ({ page, user: _user }) => {
    await uploadFile(page.request, FIXTURES.txt, { filename: 'b small' });
    await uploadFile(page.request, FIXTURES.png, { filename: 'a other' });
    await page.goto('/dashboard/my-files?sort=filename&order=asc');
    await expect(page.getByRole('columnheader', { name: 'File', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(dataRows(page).first()).toContainText('a other');
    await page.getByRole('columnheader', { name: 'File', exact: true }).getByRole('button').click();
    await expect(dataRows(page).first()).toContainText('b small');
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'File', exact: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(dataRows(page).first()).toContainText('b small');
  });
});

test.describe('Storage Statistics', () => {
  test.use({ storageState: ADMIN_STORAGE_STATE });

  test('Most Duplicated File names the file and links to it', async ({ page }, testInfo) => {
    const shared = uniqueTextFile('mostdup', 2000);
    for (let i = 0; i < 3; i++) await uploadFile(page.request, shared, { filename: `dup copy ${i}` });
    await page.goto('/dashboard/admin/stats');
    const card = page.getByRole('region', { name: 'Most Duplicated File' });
    // Other tests keep uploading: compare with what the server says at the moment of each reload.
    await expect(async () => {
      const top = (await storageStats(page.request)).mostDuplicatedFile;
      expect(top).not.toBeNull();
      await page.reload();
      const link = card.getByRole('link', { name: top!.filename, exact: true });
      await expect(link).toHaveAttribute('href', `/dashboard/file/${top!.fileId}`, { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await checkScreen(page, testInfo, 'admin-stats-most-duplicated');
  });
});
