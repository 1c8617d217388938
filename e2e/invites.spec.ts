import {
  ACCOUNT_MESSAGES,
  THEME_STORAGE_KEY,
  type Envelope,
  type InstanceSettings,
  type RegistrationMode,
} from '@cloudstash/contract';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { newCredentials } from './support/api';
import { section } from './support/accounts';
import { ADMIN_STORAGE_STATE, BASE_URL } from './support/env';
import { PHONE, checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { atPath, expectWithinWidth, toast } from './support/ui';

// An invite is used up only while registration is by invite, one setting for the whole instance: this spec runs
// in a project of its own after the instance-wide ones (playwright.config.ts), and puts the setting back.
test.use({ storageState: ADMIN_STORAGE_STATE });
// Contexts a test opens itself would inherit the admin's cookies from test.use: these start signed out.
const SIGNED_OUT = { baseURL: BASE_URL, storageState: { cookies: [], origins: [] } };

async function registrationMode(request: APIRequestContext): Promise<RegistrationMode> {
  const answer = await request.get('/api/v1/admin/settings');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as Envelope<InstanceSettings>).data.registration;
}

async function setRegistrationMode(request: APIRequestContext, registration: RegistrationMode) {
  const answer = await request.patch('/api/v1/admin/settings', { data: { registration } });
  expect(answer.ok()).toBe(true);
}

/** `text` matched literally inside a regular expression. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Makes an invite on Instance Settings, bound to `email` when given, and returns its link. */
async function makeInvite(page: Page, email?: string): Promise<string> {
  const invites = section(page, 'Invite links');
  const link = invites.getByLabel('Invite link', { exact: true });
  // The link made before stays on screen until the new one replaces it.
  const before = (await link.count()) > 0 ? await link.inputValue() : null;
  if (email) await invites.getByLabel('Email (optional)', { exact: true }).fill(email);
  await invites.getByRole('button', { name: /^Make (another )?invite link$/ }).click();
  await expect(link).toHaveValue(new RegExp(`^${escaped(BASE_URL)}/register\\?invite=`));
  if (before) await expect(link).not.toHaveValue(before);
  const url = await link.inputValue();
  if (email) await expect(invites.getByText(`Only ${email} may register with it.`)).toBeVisible();
  return url;
}

/** The Revoke button of the outstanding invite for `who` (the displayed one of its table row and phone card). */
const revokeButton = (page: Page, who: string): Locator =>
  section(page, 'Outstanding invites').getByRole('button', {
    name: new RegExp(`^Revoke invite for ${escaped(who)},`),
  });

/** Presses Tab until `target` has focus: it is reachable by keyboard, in the page's own order. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** From now on `page` loads in the light theme (the default is dark). */
async function inLightTheme(page: Page) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    THEME_STORAGE_KEY,
    'light',
  ] as const);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
}

test.describe('invites', () => {
  let modeBefore: RegistrationMode | undefined;
  test.beforeEach(async ({ page }) => {
    modeBefore = await registrationMode(page.request);
    await setRegistrationMode(page.request, 'invite');
  });
  test.afterEach(async ({ page }) => {
    // Whatever happened, later specs and runs find registration as it was.
    if (modeBefore) await setRegistrationMode(page.request, modeBefore);
  });

  test('an invite bound to an email, a revoked one and a used one, each said at once', async ({
    page,
    browser,
  }, testInfo) => {
    // Two browsers and five screen checks (axe at two widths): more than the default time on a busy machine.
    test.slow();
    await page.goto('/dashboard/admin/settings');
    await expect(page.getByRole('heading', { name: 'Instance Settings', level: 1 })).toBeVisible();
    const visitor = await browser.newContext(SIGNED_OUT);
    const register = await visitor.newPage();
    const registrations: string[] = [];
    register.on('request', (request) => {
      if (request.url().includes('/api/v1/users/register')) registrations.push(request.url());
    });

    // Bound to an address: the form comes filled in with it, and it cannot be changed.
    const invited = newCredentials('Invited');
    const boundUrl = await makeInvite(page, invited.email);
    await expect(section(page, 'Outstanding invites').getByText(invited.email).first()).toBeVisible();
    await register.goto(boundUrl);
    const email = register.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(invited.email);
    await expect(email).toHaveAttribute('readonly');
    await expect(register.getByText(`This invite is for ${invited.email}`)).toBeVisible();
    await checkScreen(register, testInfo, 'register-invite-for-email-dark');
    await register.getByLabel('Name', { exact: true }).fill(invited.name);
    await register.getByLabel('Password', { exact: true }).fill(invited.password);
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(register).toHaveURL(atPath('/login'));

    // Two more: one for anyone, kept, and one for an address, to be revoked. The used one has left the list.
    await makeInvite(page);
    const other = newCredentials('Revoked').email;
    const revokedUrl = await makeInvite(page, other);
    const outstanding = section(page, 'Outstanding invites');
    await expect(revokeButton(page, other)).toBeVisible();
    await expect(outstanding.getByText('Anyone with the link').first()).toBeVisible();
    await expect(outstanding.getByText(invited.email)).toHaveCount(0);
    await checkScreen(page, testInfo, 'admin-invites-list-dark');
    await page.setViewportSize(PHONE);
    await expectWithinWidth(page, revokeButton(page, other));
    await page.setViewportSize({ width: 1280, height: 800 });

    // By keyboard: Tab reaches Revoke, Enter asks, Escape keeps the invite, and the dialog's Revoke revokes it.
    await tabTo(page, revokeButton(page, other));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Revoke invite' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`The invite for ${other} stops working at once`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(revokeButton(page, other)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Revoke', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, ACCOUNT_MESSAGES.inviteRevokedDone)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(revokeButton(page, other)).toHaveCount(0);
    // Focus is not lost with the row: the next invite's Revoke button has it.
    await expect(page.locator(':focus')).toHaveAccessibleName(/^Revoke invite for /);

    // The revoked link says so as it opens, before anything is typed; so does the used one.
    await register.goto(revokedUrl);
    await expect(register.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.inviteRevoked);
    await expect(register.getByRole('button', { name: 'Register', exact: true })).toHaveCount(0);
    await checkScreen(register, testInfo, 'register-invite-revoked-dark');
    await register.goto(boundUrl);
    await expect(register.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.inviteUsed);
    await expect(register.getByRole('button', { name: 'Register', exact: true })).toHaveCount(0);
    expect(registrations, 'only the first visit registered').toHaveLength(1);

    await inLightTheme(register);
    await expect(register.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.inviteUsed);
    await checkScreen(register, testInfo, 'register-invite-used-light');
    await inLightTheme(page);
    await expect(
      section(page, 'Outstanding invites').getByText('Anyone with the link').first(),
    ).toBeVisible();
    await checkScreen(page, testInfo, 'admin-invites-list-light');
    await visitor.close();
  });
});
