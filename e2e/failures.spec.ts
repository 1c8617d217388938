import { MESSAGES, unsupportedTypeMessage } from '@cloudstash/contract';
import type { Page } from '@playwright/test';
import { newCredentials, register, uploadFile } from './support/api';
import { ADMIN_STORAGE_STATE } from './support/env';
import { FIXTURES } from './support/files';
import { expect, test } from './support/test';
import { atPath, rowWith, toast } from './support/ui';

// What the screens say when the server fails. A person cannot make the server fail on purpose, so these
// tests answer one endpoint with an error (page.route) and leave everything else real.

/** Answers requests to exactly `path` (any query) with `status` and, when given, the API's error body. */
async function failEndpoint(page: Page, path: string, status = 500, message?: string, method?: string) {
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      if (method && route.request().method() !== method) return route.fallback();
      return route.fulfill({
        status,
        contentType: 'application/json',
        body: message ? JSON.stringify({ message, code: 'TEST_FAILURE' }) : '',
      });
    },
  );
}

test.describe('load failures show the screen’s failure messages', () => {
  test('public files', async ({ page, user: _user }) => {
    await failEndpoint(page, '/api/v1/files/public');
    await page.goto('/dashboard/public-files');
    await expect(page.getByText(MESSAGES.publicFilesLoadFailed)).toBeVisible({ timeout: 20_000 });
  });

  test('my files', async ({ page, user: _user }) => {
    await failEndpoint(page, '/api/v1/files/user-files');
    await page.goto('/dashboard/my-files');
    await expect(page.getByText(MESSAGES.filesLoadFailed)).toBeVisible({ timeout: 20_000 });
  });

  test('a file that fails to load is toasted and the user goes back to /dashboard', async ({
    page,
    user: _user,
  }) => {
    const file = await uploadFile(page.request, FIXTURES.png, { filename: 'unlucky' });
    await failEndpoint(page, `/api/v1/files/f/${file._id}`, 500, MESSAGES.internalError);
    await page.goto(`/dashboard/file/${file._id}`);
    await expect(toast(page, MESSAGES.internalError)).toBeVisible();
    await expect(page).toHaveURL(atPath('/dashboard'));
  });

  test('without a server message the preview says Failed to load file', async ({ page, user: _user }) => {
    const file = await uploadFile(page.request, FIXTURES.png, { filename: 'unlucky too' });
    await failEndpoint(page, `/api/v1/files/f/${file._id}`, 503);
    await page.goto(`/dashboard/file/${file._id}`);
    await expect(toast(page, MESSAGES.fileLoadFailed)).toBeVisible();
    await expect(page).toHaveURL(atPath('/dashboard'));
  });

  test.describe('as the admin', () => {
    test.use({ storageState: ADMIN_STORAGE_STATE });

    test('storage statistics', async ({ page }) => {
      await failEndpoint(page, '/api/v1/admin/stats');
      await page.goto('/dashboard/admin/stats');
      await expect(page.getByText(MESSAGES.statsLoadFailed)).toBeVisible({ timeout: 20_000 });
    });

    test('all files', async ({ page }) => {
      await failEndpoint(page, '/api/v1/admin/files');
      await page.goto('/dashboard/admin/files');
      await expect(page.getByText(MESSAGES.filesLoadFailed)).toBeVisible({ timeout: 20_000 });
    });
  });
});

test.describe('failed actions show an error toast, with the action’s default when the server gives no message', () => {
  test('registration and login', async ({ page }) => {
    await failEndpoint(page, '/api/v1/users/register', 500);
    const someone = newCredentials('Unlucky');
    await page.goto('/register');
    await page.getByLabel('Name', { exact: true }).fill(someone.name);
    await page.getByLabel('Email', { exact: true }).fill(someone.email);
    await page.getByLabel('Password', { exact: true }).fill(someone.password);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(toast(page, MESSAGES.registerFailed)).toBeVisible();
    await expect(page).toHaveURL(atPath('/register'));

    await register(page.request, someone);
    await failEndpoint(page, '/api/v1/users/login', 500);
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(someone.email);
    await page.getByLabel('Password', { exact: true }).fill(someone.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(toast(page, MESSAGES.loginFailed)).toBeVisible();
    await expect(page).toHaveURL(atPath('/login'));
  });

  test('upload, update and delete', async ({ page, user: _user }) => {
    await failEndpoint(page, '/api/v1/files/upload', 500);
    await page.goto('/dashboard/upload-file');
    await page.locator('input[type="file"]').setInputFiles(FIXTURES.txt.path);
    await page.getByRole('button', { name: 'Upload File' }).click();
    await expect(toast(page, MESSAGES.uploadFailed)).toBeVisible();
    await expect(page).toHaveURL(atPath('/dashboard/upload-file'));

    const file = await uploadFile(page.request, FIXTURES.txt, { filename: 'sturdy' });
    await failEndpoint(page, `/api/v1/files/update/${file._id}`, 500);
    await failEndpoint(page, `/api/v1/files/delete/${file._id}`, 500);
    await page.goto('/dashboard/my-files');
    await rowWith(page, 'sturdy')
      .getByRole('button', { name: /^Edit(\s|$)/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /file ?name/i }).fill('renamed');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, MESSAGES.updateFailed)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await rowWith(page, 'sturdy')
      .getByRole('button', { name: /^Delete(\s|$)/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete File?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(toast(page, MESSAGES.deleteFailed)).toBeVisible();
    await expect(rowWith(page, 'sturdy')).toHaveCount(1);
  });

  test('bytes of a type that is not allowed, named like an image, are refused by the server with the type message', async ({
    page,
    user: _user,
  }) => {
    // Named .png, so the browser and the form take it for an image; its bytes are a ZIP archive.
    await page.goto('/dashboard/upload-file');
    const answer = page.waitForResponse((r) => r.url().includes('/api/v1/files/upload'));
    await page.locator('input[type="file"]').setInputFiles({
      name: 'holiday.png',
      mimeType: 'image/png',
      buffer: FIXTURES.zip.bytes,
    });
    await page.getByRole('button', { name: 'Upload File' }).click();
    const response = await answer;
    expect(response.status()).toBe(415);
    expect(((await response.json()) as { message: string }).message).toBe(
      unsupportedTypeMessage('application/zip'),
    );
    await expect(toast(page, unsupportedTypeMessage('application/zip'))).toBeVisible();
    await expect(page).toHaveURL(atPath('/dashboard/upload-file'));
  });

  test('bytes of an allowed type that contradict the declared type are refused (a mismatch gets 415)', async ({
    page,
    user: _user,
  }) => {
    // Named .png and declared image/png; the bytes are a PDF.
    await page.goto('/dashboard/upload-file');
    const answer = page.waitForResponse((r) => r.url().includes('/api/v1/files/upload'));
    await page.locator('input[type="file"]').setInputFiles({
      name: 'not-really.png',
      mimeType: 'image/png',
      buffer: FIXTURES.pdf.bytes,
    });
    await page.getByRole('button', { name: 'Upload File' }).click();
    const response = await answer;
    expect(response.status(), 'a PDF declared as image/png is refused').toBe(415);
    const { message } = (await response.json()) as { message: string };
    await expect(toast(page, message)).toBeVisible();
    await expect(page).toHaveURL(atPath('/dashboard/upload-file'));
  });
});
