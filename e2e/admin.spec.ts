import { readFileSync } from 'node:fs';
import {
  MESSAGES,
  formatPercent,
  formatRatio,
  formatSize,
  type StoredFile,
  type User,
} from '@cloudstash/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { countDownload, createUser, listAll, storageStats, uploadFile } from './support/api';
import { ADMIN_STORAGE_STATE, BASE_URL } from './support/env';
import { FIXTURES, uniqueTextFile } from './support/files';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { atPath, dataRows, expectFigure, figureValues, openMenuLink, rowWith } from './support/ui';

// Every test here runs as the instance's admin (signed in once by global.setup.ts).
test.use({ storageState: ADMIN_STORAGE_STATE });

/** Reloads until every tile shows what the API says at that moment (other tests keep adding data). */
async function expectTilesToMatch(
  page: Page,
  compute: () => Promise<Record<string, string>>,
  ready: () => Promise<void>,
) {
  await expect(async () => {
    const expected = await compute();
    await page.reload();
    await ready();
    for (const [label, value] of Object.entries(expected)) {
      expect(await figureValues(page, label), label).toContain(value);
    }
  }).toPass({ timeout: 30_000 });
}

/** A standard user with two files (one public, one private) and three downloads, made in its own session. */
async function userWithFiles(request: APIRequestContext) {
  const account = await createUser(request, 'Owner');
  const photo = await uploadFile(request, FIXTURES.png, {
    filename: `photo of ${account.name}`,
    isPublic: true,
  });
  const report = await uploadFile(request, FIXTURES.pdf, { filename: `report of ${account.name}` });
  await countDownload(request, photo._id);
  await countDownload(request, photo._id);
  await countDownload(request, report._id);
  return { account, photo, report };
}

test.describe('admin', () => {
  test('the admin sees the Administrator badge and the Admin menu', async ({ page, adminAccount }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: adminAccount.name, exact: true })).toBeVisible();
    await expect(page.getByText('Administrator').first()).toBeVisible();
    for (const [link, route, heading] of [
      ['Manage Users', '/dashboard/admin/users', 'User Management'],
      ['Manage Files', '/dashboard/admin/files', 'All Files'],
      ['Storage Statistics', '/dashboard/admin/stats', 'Storage Statistics'],
    ] as const) {
      await openMenuLink(page, adminAccount.name, link);
      await expect(page).toHaveURL(atPath(route));
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    }
  });

  test('User Management: tiles, columns, and a user opens on their detail page', async ({
    page,
    request,
    adminAccount,
  }, testInfo) => {
    const { account, photo, report } = await userWithFiles(request);
    await page.goto('/dashboard/admin/users');
    await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
    await expect(dataRows(page).first()).toBeVisible();

    await expectTilesToMatch(
      page,
      async () => {
        const users = await listAll<User>(page.request, '/admin/users');
        const admins = users.filter((u) => u.role === 'admin').length;
        return {
          'Total Users': String(users.length),
          Administrators: String(admins),
          'Regular Users': String(users.length - admins),
        };
      },
      () => expect(dataRows(page).first()).toBeVisible(),
    );
    // Search finds a user by email; the role column tells admins from standard users.
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await search.fill(adminAccount.email);
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowWith(page, adminAccount.email)).toContainText('Administrator');
    await search.fill(account.email);
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowWith(page, account.email)).toContainText('Standard User');
    await expect(page.getByRole('columnheader')).toHaveText(
      ['User', 'Email', 'Role', 'Joined', 'Last Updated', 'View'].map((c) => new RegExp(`^\\s*${c}`)),
    );
    await expect(rowWith(page, account.email)).toContainText(account.name);
    await checkScreen(page, testInfo, 'admin-users');

    await rowWith(page, account.email).getByRole('link', { name: /View/ }).click();
    await expect(page).toHaveURL(atPath(`/dashboard/admin/users/${account.id}`));
    await expect(page.getByRole('heading', { name: account.name, exact: true })).toBeVisible();
    await expect(page.getByText(account.email).first()).toBeVisible();
    await expectFigure(page, 'Total Files', '2');
    await expectFigure(page, 'Storage Used', formatSize(photo.size + report.size));
    await expectFigure(page, 'Public Files', '1');
    await expectFigure(page, 'Total Downloads', '3');
    await expect(rowWith(page, photo.filename)).toBeVisible();
    await expect(rowWith(page, report.filename)).toBeVisible();
    await checkScreen(page, testInfo, 'admin-user-detail');

    // The admin downloads one of the user's files (a private one).
    const downloadPromise = page.waitForEvent('download');
    await rowWith(page, report.filename)
      .getByRole('button', { name: `Download ${report.filename}` })
      .click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`${report.filename}.pdf`);
    expect(readFileSync(await download.path())).toEqual(FIXTURES.pdf.bytes);
  });

  test('an unknown user id shows User not found', async ({ page }) => {
    await page.goto('/dashboard/admin/users/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText(MESSAGES.userNotFound)).toBeVisible();
  });

  test('All Files: tiles, filters, and every user’s files including private ones', async ({
    page,
    request,
  }, testInfo) => {
    const { account, photo, report } = await userWithFiles(request);
    await page.goto('/dashboard/admin/files');
    await expect(page.getByRole('heading', { name: 'All Files', level: 1 })).toBeVisible();
    await expect(rowWith(page, report.filename)).toBeVisible();

    await expectTilesToMatch(
      page,
      async () => {
        const files = await listAll<StoredFile>(page.request, '/admin/files');
        const publicCount = files.filter((f) => f.isPublic).length;
        return {
          'Total Files': String(files.length),
          Public: String(publicCount),
          Private: String(files.length - publicCount),
          'Total Size': formatSize(files.reduce((sum, f) => sum + f.size, 0)),
          Downloads: String(files.reduce((sum, f) => sum + f.downloadCount, 0)),
          'Active Users': String(new Set(files.map((f) => f.uploadedBy?._id ?? 'unknown')).size),
        };
      },
      () => expect(rowWith(page, report.filename)).toBeVisible(),
    );
    await checkScreen(page, testInfo, 'admin-files');

    const main = page.getByRole('main');
    const search = main
      .getByRole('searchbox', { name: /search/i })
      .or(main.getByRole('textbox', { name: /search/i }));
    const visibility = main.getByRole('combobox', { name: /visibility/i });
    const userFilter = main.getByRole('textbox', { name: /^user/i });
    const typeFilter = main.getByRole('textbox', { name: /type/i });

    // Search by email finds the user's two files, whatever their visibility; the email is on the rows.
    await search.fill(account.email);
    await expect(dataRows(page)).toHaveCount(2);
    await expect(rowWith(page, photo.filename)).toContainText(account.email);
    await visibility.selectOption('private');
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowWith(page, report.filename)).toHaveCount(1);
    await visibility.selectOption('public');
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowWith(page, photo.filename)).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(search).toHaveValue('');

    // Search by filename.
    await search.fill(report.filename);
    await expect(dataRows(page)).toHaveCount(1);
    await search.fill('');

    // User filter and file type text.
    await userFilter.fill(account.name);
    await expect(dataRows(page)).toHaveCount(2);
    await typeFilter.fill('pdf');
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowWith(page, report.filename)).toHaveCount(1);
    await typeFilter.fill('video');
    await expect(page.getByText(MESSAGES.noFiles)).toBeVisible();
  });

  test('Storage Statistics shows the storage saved when two users upload the same bytes', async ({
    page,
    playwright,
  }, testInfo) => {
    const before = await storageStats(page.request);
    const shared = uniqueTextFile('dedup', 40_000);
    for (const label of ['First', 'Second']) {
      const session = await playwright.request.newContext({ baseURL: BASE_URL });
      await createUser(session, label);
      await uploadFile(session, shared, { filename: `same bytes ${label}` });
      await session.dispose();
    }
    const after = await storageStats(page.request);
    expect(
      after.storageSaved - before.storageSaved,
      'the second copy is not stored again',
    ).toBeGreaterThanOrEqual(shared.bytes.length);
    expect(after.totalFilesUploaded - before.totalFilesUploaded).toBeGreaterThanOrEqual(2);
    expect(after.uniqueFilesStored - before.uniqueFilesStored).toBeGreaterThanOrEqual(1);

    await page.goto('/dashboard/admin/stats');
    await expect(page.getByRole('heading', { name: 'Storage Statistics', level: 1 })).toBeVisible();
    // The screen shows the server's figures and the ones derived from them.
    await expectTilesToMatch(
      page,
      async () => {
        const stats = await storageStats(page.request);
        return {
          'Total Logical Size': formatSize(stats.totalLogicalSize),
          'Total Physical Size': formatSize(stats.totalPhysicalSize),
          'Storage Saved': formatSize(stats.storageSaved),
          'Storage Efficiency': formatPercent(stats.storageSaved, stats.totalLogicalSize),
          Thumbnails: formatSize(stats.thumbnailBytes ?? 0),
          'Physical Size with Thumbnails': formatSize(stats.totalPhysicalSize + (stats.thumbnailBytes ?? 0)),
          'Duplicate Ratio': formatRatio(stats.totalFilesUploaded, stats.uniqueFilesStored),
          'Duplicate Uploads': formatPercent(
            stats.totalFilesUploaded - stats.uniqueFilesStored,
            stats.totalFilesUploaded,
          ),
          'Total Files Uploaded': String(stats.totalFilesUploaded),
          'Unique Files Stored': String(stats.uniqueFilesStored),
          'Total Users': String(stats.totalUsers),
        };
      },
      () => expect(page.getByRole('heading', { name: 'Storage Statistics', level: 1 })).toBeVisible(),
    );
    await expect(page.getByRole('heading', { name: 'Most Duplicated File' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top Uploader' })).toBeVisible();
    await checkScreen(page, testInfo, 'admin-stats');
  });
});
