import { ACCOUNT_MESSAGES } from '@cloudstash/contract';
import type { Page } from '@playwright/test';
import { newCredentials } from './support/api';
import { ADMIN_STORAGE_STATE, BASE_URL } from './support/env';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { atPath, openMenuLink, toast } from './support/ui';

// Registration is one setting for the whole instance: this spec runs in a project of its own, after every
// other spec (playwright.config.ts), so no other test is refused sign-up while it is closed.
test.use({ storageState: ADMIN_STORAGE_STATE });
// Contexts a test opens itself would inherit the admin's cookies from test.use: these start signed out.
const SIGNED_OUT = { baseURL: BASE_URL, storageState: { cookies: [], origins: [] } };

async function chooseMode(page: Page, label: string) {
  // A click, not check(): the choice is saved on the server by Save, and the radio follows what it answers.
  await page.getByRole('radio', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('button', { name: 'Save who may register' }).click();
  await expect(toast(page, ACCOUNT_MESSAGES.settingsUpdated)).toBeVisible();
  await expect(page.getByRole('radio', { name: new RegExp(`^${label}`) })).toBeChecked();
}

test.describe('instance settings', () => {
  test.afterEach(async ({ page }) => {
    // Whatever happened, later runs and specs find registration open again.
    const reset = await page.request.patch('/api/v1/admin/settings', { data: { registration: 'open' } });
    expect(reset.ok()).toBe(true);
  });

  test('closed and invite-only registration, and an invite link that lets one person in', async ({
    page,
    browser,
    adminAccount,
  }, testInfo) => {
    // Several browsers and screen checks (axe at two widths): more than the default time on a busy machine.
    test.slow();
    await page.goto('/dashboard');
    await openMenuLink(page, adminAccount.name, 'Instance Settings');
    await expect(page.getByRole('heading', { name: 'Instance Settings', level: 1 })).toBeVisible();
    await checkScreen(page, testInfo, 'admin-settings');

    const visitor = await browser.newContext(SIGNED_OUT);
    const register = await visitor.newPage();

    await chooseMode(page, 'Closed');
    await register.goto('/register');
    await expect(register.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.registrationClosed);
    await expect(register.getByRole('button', { name: 'Register' })).toHaveCount(0);
    await checkScreen(register, testInfo, 'register-closed');

    await chooseMode(page, 'By invite');
    await register.goto('/register');
    await expect(register.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.inviteRequired);

    await page.getByRole('button', { name: 'Make invite link' }).click();
    const url = await page.getByLabel('Invite link', { exact: true }).inputValue();
    expect(url).toMatch(new RegExp(`^${BASE_URL}/register\\?invite=`));
    await register.goto(url);
    const credentials = newCredentials('Invited');
    await register.getByLabel('Name', { exact: true }).fill(credentials.name);
    await register.getByLabel('Email', { exact: true }).fill(credentials.email);
    await register.getByLabel('Password', { exact: true }).fill(credentials.password);
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(register).toHaveURL(atPath('/login'));

    // The invite is used up, and its page says so before anything is typed (invites.spec.ts has the rest).
    await register.goto(url);
    await expect(register.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.inviteUsed);
    await expect(register.getByRole('button', { name: 'Register', exact: true })).toHaveCount(0);

    // A team joins together: several links at once, each listed with its own copy button.
    const howMany = page.getByLabel('How many', { exact: true });
    await howMany.fill('21');
    await expect(page.getByText('From 1 to 20')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make invite link' })).toBeDisabled();
    await howMany.fill('3');
    await page.getByRole('button', { name: 'Make 3 invite links' }).click();
    await expect(toast(page, ACCOUNT_MESSAGES.invitesCreated)).toBeVisible();
    const team = await Promise.all(
      [1, 2, 3].map((i) => page.getByLabel(`Invite link ${i}`, { exact: true }).inputValue()),
    );
    expect(new Set(team).size).toBe(3);
    for (const link of team) expect(link).toMatch(new RegExp(`^${BASE_URL}/register\\?invite=`));
    await expect(page.getByRole('button', { name: 'Copy all 3 links' })).toBeVisible();
    await checkScreen(page, testInfo, 'admin-invites');
    await register.goto(team[1]!);
    const colleague = newCredentials('Colleague');
    await register.getByLabel('Name', { exact: true }).fill(colleague.name);
    await register.getByLabel('Email', { exact: true }).fill(colleague.email);
    await register.getByLabel('Password', { exact: true }).fill(colleague.password);
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(register).toHaveURL(atPath('/login'));
    await visitor.close();
  });
});
