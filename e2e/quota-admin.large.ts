import { ACCOUNT_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { createUser } from './support/api';
import { FIXTURES } from './support/files';
import { ADMIN_STORAGE_STATE } from './support/env';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { toast } from './support/ui';

test.use({ storageState: ADMIN_STORAGE_STATE });

test.describe('storage quotas', () => {
  test('an administrator sets and removes one account quota on its detail page', async ({
    page,
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ storageState: undefined });
    const owner = await createUser(context.request, 'Quota');
    await context.close();

    await page.goto(`/dashboard/admin/users/${owner.id}`);
    const quota = page.getByRole('region', { name: 'Storage quota' }).first();
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Storage quota' }) });
    // The instance's default applies until an administrator gives the account its own.
    await expect(quota).toContainText('0 Bytes used of 1 GB');

    await card.getByRole('textbox', { name: 'New quota' }).fill('250');
    await card.getByRole('combobox', { name: 'Unit' }).selectOption('MB');
    await card.getByRole('button', { name: 'Set quota' }).click();
    await expect(toast(page, ACCOUNT_MESSAGES.userUpdated)).toBeVisible();
    await expect(quota).toContainText('0 Bytes used of 250 MB');
    await checkScreen(page, testInfo, 'admin-user-quota');

    await card.getByRole('button', { name: 'Remove limit' }).click();
    await expect(card).toContainText('No limit: 0 Bytes used');
  });

  test('a file larger than what the quota leaves is refused when chosen, before a byte is sent', async ({
    page,
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ storageState: undefined });
    const owner = await createUser(context.request, 'Nearly full');
    // The administrator leaves this account less room than the photo needs.
    const room = FIXTURES.jpeg.bytes.length - 1;
    const set = await page.request.patch(`/api/v1/admin/users/${owner.id}`, { data: { quotaBytes: room } });
    expect(set.status()).toBe(200);

    const ownerPage = await context.newPage();
    const uploads: string[] = [];
    ownerPage.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/v1\/(files\/upload|uploads)/.test(r.url())) uploads.push(r.url());
    });
    await ownerPage.goto('/dashboard/upload-file');
    await expect(ownerPage.getByRole('heading', { name: 'Upload File' })).toBeVisible();
    await ownerPage.locator('input[type="file"]').setInputFiles(FIXTURES.jpeg.path);
    await expect(toast(ownerPage, MESSAGES.quotaExceeded)).toBeVisible();
    await expect(ownerPage.getByRole('alert').filter({ hasText: MESSAGES.quotaExceeded })).toBeVisible();
    await checkScreen(ownerPage, testInfo, 'upload-over-quota');
    expect(uploads).toEqual([]);
    await context.close();
  });
});
