import { ACCOUNT_MESSAGES } from '@cloudstash/contract';
import { createUser } from './support/api';
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
});
