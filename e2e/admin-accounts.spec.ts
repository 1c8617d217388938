import { ACCOUNT_MESSAGES, MESSAGES } from '@cloudstash/contract';
import type { Browser } from '@playwright/test';
import { confirmDialog, section, submitLogin } from './support/accounts';
import { createUser, currentUser, getFile, signIn, uploadFile } from './support/api';
import { ADMIN_STORAGE_STATE, BASE_URL } from './support/env';
import { uniqueTextFile } from './support/files';
import { PHONE, checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { atPath, expectWithinWidth, openMenuLink, rowWith, toast } from './support/ui';

// The test's own page is the admin's (signed in once by global.setup.ts); users get browsers of their own.
test.use({ storageState: ADMIN_STORAGE_STATE });
// Contexts a test opens itself would inherit the admin's cookies from test.use: these start signed out.
const SIGNED_OUT = { baseURL: BASE_URL, storageState: { cookies: [], origins: [] } };

/** A new standard user signed in in a browser of their own, with a page open on My Files. */
async function userInOwnBrowser(browser: Browser, label: string) {
  const context = await browser.newContext(SIGNED_OUT);
  const account = await createUser(context.request, label);
  const page = await context.newPage();
  await page.goto('/dashboard/my-files');
  await expect(page.getByRole('heading', { name: 'My Files', exact: true })).toBeVisible();
  return { context, page, account };
}

test.describe('administering accounts', () => {
  test('a disabled user’s open page lands on login; enabled again, they can sign in', async ({
    page,
    browser,
  }, testInfo) => {
    // Several browsers and screen checks (axe at two widths): more than the default time on a busy machine.
    test.slow();
    const user = await userInOwnBrowser(browser, 'Disabled');
    await page.goto(`/dashboard/admin/users/${user.account.id}`);
    await expect(page.getByRole('heading', { name: user.account.name, exact: true })).toBeVisible();
    await checkScreen(page, testInfo, 'admin-user-detail');

    const status = section(page, 'Account status');
    await status.getByRole('button', { name: 'Disable account' }).click();
    await expect(status.getByText('Disabled', { exact: true })).toBeVisible();

    await openMenuLink(user.page, user.account.name, 'Public Files');
    await expect(user.page).toHaveURL(atPath('/login'));
    // Signing in again says why it cannot.
    await submitLogin(user.page, user.account);
    await expect(toast(user.page, ACCOUNT_MESSAGES.accountDisabled)).toBeVisible();
    await expect(user.page).toHaveURL(atPath('/login'));

    await status.getByRole('button', { name: 'Enable account' }).click();
    await expect(status.getByText('Active', { exact: true })).toBeVisible();
    await signIn(user.context.request, user.account);
    await user.context.close();
  });

  test('role changes both ways', async ({ page, request }) => {
    const account = await createUser(request, 'Promoted');
    await page.goto(`/dashboard/admin/users/${account.id}`);
    const role = section(page, 'Role');
    await role.getByRole('button', { name: 'Make administrator' }).click();
    await expect(role.getByText('Administrator', { exact: true })).toBeVisible();
    expect((await currentUser(request))?.role).toBe('admin');
    await role.getByRole('button', { name: 'Make standard user' }).click();
    await expect(role.getByText('Standard User', { exact: true })).toBeVisible();
    expect((await currentUser(request))?.role).toBe('user');
  });

  test('a reset link sets a new password once and sends the person to login', async ({
    page,
    browser,
  }, testInfo) => {
    // Several browsers and screen checks (axe at two widths): more than the default time on a busy machine.
    test.slow();
    const user = await userInOwnBrowser(browser, 'Forgetful');
    await page.goto(`/dashboard/admin/users/${user.account.id}`);
    const reset = section(page, 'Password reset');
    await reset.getByRole('button', { name: 'Make reset link' }).click();
    const url = await reset.getByLabel('Reset link', { exact: true }).inputValue();
    expect(url).toMatch(new RegExp(`^${BASE_URL}/reset/`));
    await checkScreen(page, testInfo, 'admin-user-reset-link');

    const visitor = await browser.newContext(SIGNED_OUT);
    const resetPage = await visitor.newPage();
    await resetPage.goto(url);
    await expect(resetPage.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await checkScreen(resetPage, testInfo, 'reset-password');
    const password = resetPage.getByLabel('New password');
    await password.fill('short');
    await resetPage.getByRole('button', { name: 'Set password' }).click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(resetPage.getByText(MESSAGES.passwordRule, { exact: true })).toBeVisible();

    await password.fill('Recovered789z');
    await resetPage.getByRole('button', { name: 'Set password' }).click();
    await expect(resetPage).toHaveURL(atPath('/login'));
    await expect(
      resetPage.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.passwordReset }),
    ).toHaveCount(1);
    expect(await currentUser(user.context.request), 'the old session ended').toBeNull();
    await submitLogin(resetPage, { email: user.account.email, password: 'Recovered789z' });
    await expect(resetPage).toHaveURL(atPath('/dashboard'));

    // The link worked once.
    const again = await browser.newContext(SIGNED_OUT);
    const againPage = await again.newPage();
    await againPage.goto(url);
    await againPage.getByLabel('New password').fill('Another789z');
    await againPage.getByRole('button', { name: 'Set password' }).click();
    await expect(
      againPage.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.resetLinkInvalid }),
    ).toBeVisible();
    for (const context of [visitor, again, user.context]) await context.close();
  });

  test('deleting a user, after confirming, returns to the users list', async ({ page, browser }) => {
    const user = await userInOwnBrowser(browser, 'Leaving');
    await page.goto(`/dashboard/admin/users/${user.account.id}`);
    await section(page, 'Delete user').getByRole('button', { name: 'Delete user' }).click();
    await confirmDialog(page, 'Delete user');
    await expect(page).toHaveURL(atPath('/dashboard/admin/users'));
    expect(await currentUser(user.context.request), 'the deleted user is signed out').toBeNull();
    await user.context.close();
  });

  test('on a phone the users table keeps Role and View on screen, and a tapped row opens the user', async ({
    page,
    request,
  }) => {
    const account = await createUser(request, 'Phone');
    await page.setViewportSize(PHONE);
    await page.goto(`/dashboard/admin/users?q=${encodeURIComponent(account.email)}`);
    const row = rowWith(page, account.name);
    await expect(row).toHaveCount(1);
    await expectWithinWidth(page, row.getByText('Standard User'));
    await expectWithinWidth(page, row.getByRole('link', { name: `View ${account.name}` }));
    await row.getByText(account.name).click();
    await expect(page).toHaveURL(atPath(`/dashboard/admin/users/${account.id}`));
  });
});

test.describe('moderating files', () => {
  test('an administrator unpublishes and deletes anyone’s file from All Files and from its preview', async ({
    page,
    request,
  }) => {
    await createUser(request, 'Uploader');
    const listed = await uploadFile(request, uniqueTextFile('listed'), {
      filename: 'moderated-in-list',
      isPublic: true,
    });
    const previewed = await uploadFile(request, uniqueTextFile('previewed'), {
      filename: 'moderated-in-preview',
      isPublic: true,
    });

    await page.goto('/dashboard/admin/files?q=moderated-in-list');
    const row = rowWith(page, 'moderated-in-list');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Unpublish moderated-in-list' }).click();
    await expect(row.getByRole('button', { name: 'Unpublish moderated-in-list' })).toHaveCount(0);
    expect((await getFile(request, listed._id))?.isPublic).toBe(false);
    await row.getByRole('button', { name: 'Delete moderated-in-list' }).click();
    await confirmDialog(page, 'Delete');
    await expect(row).toHaveCount(0);
    expect(await getFile(request, listed._id)).toBeNull();

    await page.goto(`/dashboard/file/${previewed._id}`);
    await page.getByRole('button', { name: 'Unpublish moderated-in-preview' }).click();
    await expect(page.getByRole('button', { name: 'Unpublish moderated-in-preview' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete moderated-in-preview' }).click();
    await confirmDialog(page, 'Delete');
    await expect(page).toHaveURL(atPath('/dashboard/admin/files'));
    expect(await getFile(request, previewed._id)).toBeNull();
  });
});
