import { MESSAGES } from '@cloudstash/contract';
import type { Page } from '@playwright/test';
import { createUser, uploadFile } from './support/api';
import { ADMIN_STORAGE_STATE } from './support/env';
import { FIXTURES } from './support/files';
import { expect, test } from './support/test';
import { openMenuLink, rowWith, toast } from './support/ui';

// What the screens do while the network is slow or failing: no false counts, a way to try again, and no
// content jumping about when the answers arrive.

/** Fails the first `times` requests to exactly `path` (any query) with a 500, then lets them through. */
async function failFirst(page: Page, path: string, times = 1) {
  let failed = 0;
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      if (failed >= times) return route.fallback();
      failed += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '' });
    },
  );
}

/** Holds every request to the given paths until the returned function is called. */
async function holdUntilReleased(page: Page, paths: string[]): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => paths.includes(url.pathname),
    async (route) => {
      await released;
      await route.fallback();
    },
  );
  return release;
}

/** Starts summing the page's layout shifts (Cumulative Layout Shift, without the user-input ones). */
async function watchLayoutShifts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: false });
  });
  return () => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

test.describe('a list that failed', () => {
  test('Public Files shows no count beside its failure, and Retry brings the list back under the tiles', async ({
    page,
    user: _user,
  }) => {
    await uploadFile(page.request, FIXTURES.png, { filename: 'retry-me', isPublic: true });
    await failFirst(page, '/api/v1/files/public');
    await page.goto('/dashboard/public-files');
    await expect(page.getByText(MESSAGES.publicFilesLoadFailed)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/Showing \d+ of/)).toHaveCount(0);
    const tiles = page.getByRole('region', { name: 'Public file statistics' });
    await expect(tiles).toBeVisible();

    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText(/Showing \d+ of \d+ public files/)).toBeVisible();
    await expect(page.getByText(MESSAGES.publicFilesLoadFailed)).toHaveCount(0);
    await expect(rowWith(page, 'retry-me')).toBeVisible();
    await expect(tiles).toBeVisible();
  });

  test.describe('as the admin', () => {
    test.use({ storageState: ADMIN_STORAGE_STATE });

    test('All Files shows no count beside its failure', async ({ page }) => {
      await failFirst(page, '/api/v1/admin/files');
      await page.goto('/dashboard/admin/files');
      await expect(page.getByText(MESSAGES.filesLoadFailed)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(/Showing \d+ of/)).toHaveCount(0);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByText(/Showing \d+ of \d+ files/)).toBeVisible();
    });
  });
});

test('Public Files shows no count while loading and does not jump when the tiles and rows arrive', async ({
  page,
  user: _user,
}) => {
  await uploadFile(page.request, FIXTURES.png, { filename: 'steady', isPublic: true });
  const release = await holdUntilReleased(page, ['/api/v1/files/public', '/api/v1/files/public/summary']);
  await page.goto('/dashboard/public-files');
  // Measured from the moment the screen stands with its data on the way, until the data is in.
  await expect(page.getByRole('status').filter({ hasText: 'Loading public files' })).toBeVisible();
  await expect(page.getByText(/Showing \d+ of/)).toHaveCount(0);
  const shift = await watchLayoutShifts(page);
  release();
  await expect(page.getByText(/Showing \d+ of \d+ public files/)).toBeVisible();
  await expect(rowWith(page, 'steady')).toBeVisible();
  expect(await shift()).toBeLessThan(0.05);
});

test.describe('a screen that cannot load', () => {
  test('after a redeploy (its code gone) the page reloads once, then shows the app’s own error screen with Reload', async ({
    page,
    user,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    let loads = 0;
    page.on('load', () => (loads += 1));
    // The old build's file for My Files is gone from the server.
    await page.route('**/assets/MyFilesPage-*.js', (route) => route.fulfill({ status: 404, body: '' }));
    await openMenuLink(page, user.name, 'My Files');

    await expect(page.getByRole('heading', { name: 'Something went wrong', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(page.getByText(/Hey developer|Unexpected Application Error/)).toHaveCount(0);
    // One automatic reload, not a loop: the screen stays.
    expect(loads).toBe(1);
    await expect(page).toHaveURL(/\/dashboard\/my-files$/);

    // The new build is in place: Reload recovers.
    await page.unroute('**/assets/MyFilesPage-*.js');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'My Files', level: 1 })).toBeVisible();
  });

  test('offline, a screen says so, and it recovers by itself when the connection returns', async ({
    page,
    user,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.context().setOffline(true);
    await expect(page.getByText('You are offline.')).toBeVisible();
    await openMenuLink(page, user.name, 'Upload File');
    await expect(page.getByRole('heading', { name: 'Something went wrong', level: 1 })).toBeVisible();
    await page.context().setOffline(false);
    await expect(page.getByRole('heading', { name: 'Upload File', level: 1 })).toBeVisible();
    await expect(page.getByText('You are offline.')).toHaveCount(0);
  });
});

test('offline, a change fails at once with its error instead of spinning', async ({ page, user: _user }) => {
  await uploadFile(page.request, FIXTURES.txt, { filename: 'offline-edit' });
  await page.goto('/dashboard/my-files');
  await rowWith(page, 'offline-edit')
    .getByRole('button', { name: /^Edit(\s|$)/ })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /file ?name/i }).fill('renamed offline');
  await page.context().setOffline(true);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, MESSAGES.updateFailed)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.context().setOffline(false);
  await expect(page.getByText('You are offline.')).toHaveCount(0);
});

test('a signed-out visitor’s guest pages do not ask who is signed in; a signed-in browser still does', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/users/me') asked.push(page.url());
  });
  for (const path of ['/', '/login', '/register']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  }
  expect(asked).toEqual([]);

  const account = await createUser(page.request, 'Hinted');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page.getByRole('button', { name: `Welcome, ${account.name}` })).toBeVisible();
  await context.close();
});
