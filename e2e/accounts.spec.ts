import { ACCOUNT_MESSAGES, MESSAGES } from '@cloudstash/contract';
import type { Browser } from '@playwright/test';
import { confirmDialog, enterLoginCode, section, submitLogin } from './support/accounts';
import { currentUser, signIn, type Account } from './support/api';
import { BASE_URL } from './support/env';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { authenticator } from './support/totp';
import { atPath, openMenuLink, toast } from './support/ui';

const NEW_PASSWORD = 'Changed456y';

/** Another browser (its own cookies) signed in as `account`, with a page open on the dashboard. */
async function otherBrowser(browser: Browser, account: Account) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  await signIn(context.request, account);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: account.name, exact: true })).toBeVisible();
  return { context, page };
}

test.describe('profile', () => {
  test('renaming, and a password change that signs out every other browser but this one', async ({
    page,
    user,
    browser,
  }, testInfo) => {
    // Several browsers and screen checks (axe at two widths): more than the default time on a busy machine.
    test.slow();
    const other = await otherBrowser(browser, user);
    await page.goto('/dashboard');
    const sessions = section(page, 'Sessions');
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This device', { exact: true })).toHaveCount(1);
    await checkScreen(page, testInfo, 'profile-two-sessions');

    const renamed = `${user.name} Renamed`;
    const name = section(page, 'Name');
    await name.getByLabel('Your name').fill(renamed);
    await name.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('heading', { name: renamed, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Welcome, ${renamed}` })).toBeVisible();

    const password = section(page, 'Password');
    const current = password.getByLabel('Current password');
    const next = password.getByLabel('New password');
    // The password rule is checked before sending, like on the register form.
    await current.fill(user.password);
    await next.fill('short');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(next).toHaveAttribute('aria-invalid', 'true');
    await expect(password.getByText(MESSAGES.passwordRule, { exact: true })).toBeVisible();
    // A wrong current password is refused under its field.
    await current.fill('Wrong123x');
    await next.fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.currentPasswordWrong);

    await current.fill(user.password);
    await expect(password.getByRole('checkbox', { name: 'Also revoke my access tokens' })).toBeChecked();
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, ACCOUNT_MESSAGES.passwordChangedTokensRevoked)).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect(await currentUser(other.context.request), 'the other browser is signed out').toBeNull();
    expect(await currentUser(page.request), 'this browser stays signed in').not.toBeNull();
    // The other browser's open page lands on the login page at its next step.
    await openMenuLink(other.page, user.name, 'My Files');
    await expect(other.page).toHaveURL(atPath('/login'));
    await other.context.close();

    // Only the new password signs in now.
    const fresh = await browser.newContext({ baseURL: BASE_URL });
    const refused = await fresh.request.post('/api/v1/users/login', {
      data: { email: user.email, password: user.password },
    });
    expect(refused.status(), 'the old password').toBe(401);
    await signIn(fresh.request, { ...user, password: NEW_PASSWORD });
    await fresh.close();
  });

  test('sessions: sign out one other browser, then all the others', async ({ page, user, browser }) => {
    const first = await otherBrowser(browser, user);
    const second = await otherBrowser(browser, user);
    const third = await otherBrowser(browser, user);
    await page.goto('/dashboard');
    const sessions = section(page, 'Sessions');
    const items = sessions.getByRole('listitem');
    await expect(items).toHaveCount(4);
    const current = items.filter({ hasText: 'This device' });
    await expect(current).toHaveCount(1);
    await expect(current.getByRole('button')).toHaveCount(0);

    // Which row is which browser is not shown (all are the same Chromium): sign out any one other.
    await items
      .filter({ hasNotText: 'This device' })
      .first()
      .getByRole('button', { name: /^Sign out/ })
      .click();
    await expect(toast(page, ACCOUNT_MESSAGES.sessionEnded)).toBeVisible();
    await expect(items).toHaveCount(3);
    const signedIn = async () =>
      (
        await Promise.all(
          [first, second, third].map(async (b) => (await currentUser(b.context.request)) !== null),
        )
      ).filter(Boolean).length;
    expect(await signedIn(), 'browsers still signed in').toBe(2);

    await sessions.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(items).toHaveCount(1);
    expect(await signedIn(), 'browsers still signed in').toBe(0);
    expect(await currentUser(page.request)).not.toBeNull();
    for (const b of [first, second, third]) await b.context.close();
  });

  test('two-factor sign-in: set up with a QR code, sign in with a code and with a recovery code, turn off', async ({
    page,
    user,
    browser,
  }, testInfo) => {
    // Several browsers and screen checks (axe at two widths): more than the default time on a busy machine.
    test.slow();
    await page.goto('/dashboard');
    const twoFactor = section(page, 'Two-factor sign-in');
    await twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(twoFactor.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = await twoFactor
      .getByLabel('Secret key (to type in instead)', { exact: true })
      .inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const app = authenticator(secret);
    await checkScreen(page, testInfo, 'profile-totp-setup');

    // A wrong code does not turn it on.
    const code = twoFactor.getByLabel('Code from the app');
    await code.fill('12345x');
    await twoFactor.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expect(twoFactor.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.totpCodeInvalid);

    await code.fill(await app.code());
    await twoFactor.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = twoFactor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = await codes.allInnerTexts();
    await checkScreen(page, testInfo, 'profile-recovery-codes');
    await twoFactor.getByRole('button', { name: 'I have saved them' }).click();
    await expect(twoFactor.getByText('10 recovery codes left.')).toBeVisible();
    await expect(codes).toHaveCount(0);

    // Signing in now takes a code after the password.
    const context = await browser.newContext({ baseURL: BASE_URL });
    const login = await context.newPage();
    await submitLogin(login, user);
    await expect(login.getByLabel('Code', { exact: true })).toBeVisible();
    expect(await currentUser(context.request), 'no session before the code').toBeNull();
    await checkScreen(login, testInfo, 'login-code');
    await enterLoginCode(login, '000000');
    await expect(login.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.totpCodeInvalid);
    await expect(login).toHaveURL(atPath('/login'));
    await enterLoginCode(login, await app.code());
    await expect(login).toHaveURL(atPath('/dashboard'));
    await expect(login.getByRole('heading', { name: user.name, exact: true })).toBeVisible();
    await context.close();

    // A recovery code works once in place of the app's code.
    const recovery = await browser.newContext({ baseURL: BASE_URL });
    const recoveryLogin = await recovery.newPage();
    await submitLogin(recoveryLogin, user);
    await enterLoginCode(recoveryLogin, recoveryCodes[0]!);
    await expect(recoveryLogin).toHaveURL(atPath('/dashboard'));
    await recovery.close();

    await page.reload();
    await expect(twoFactor.getByText('9 recovery codes left.')).toBeVisible();
    await twoFactor.getByLabel('Password', { exact: true }).fill(user.password);
    // Three app codes may all have come from one 30-second window already: a recovery code never waits.
    await twoFactor.getByLabel('Code from the app or a recovery code').fill(recoveryCodes[1]!);
    await twoFactor.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect(twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  });

  test('access tokens: shown once, work without cookies, read-only when asked, revoked at once', async ({
    page,
    user,
    playwright,
  }, testInfo) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: user.name, exact: true })).toBeVisible();
    const tokens = section(page, 'Access tokens');
    await expect(tokens.getByText('No access tokens yet.')).toBeVisible();
    await tokens.getByRole('button', { name: 'Create token' }).click();
    await expect(tokens.getByLabel('Token name')).toHaveAttribute('aria-invalid', 'true');

    await tokens.getByLabel('Token name').fill('Backup script');
    await tokens.getByLabel('Scope').selectOption('read');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const token = await tokens.getByLabel('New access token', { exact: true }).inputValue();
    expect(token).toMatch(/^cst_/);
    await checkScreen(page, testInfo, 'profile-token-created');

    const script = await playwright.request.newContext({ baseURL: BASE_URL });
    const bearer = { Authorization: `Bearer ${token}` };
    expect((await script.get('/api/v1/files/user-files', { headers: bearer })).status()).toBe(200);
    const write = await script.patch('/api/v1/users/me', { headers: bearer, data: { name: 'Script' } });
    expect(write.status(), 'a read token changing something').toBe(403);

    await page.reload();
    const item = tokens.getByRole('listitem').filter({ hasText: 'Backup script' });
    await expect(item).toContainText('Read only');
    await expect(item).not.toContainText('Last used never');
    await expect(tokens.getByLabel('New access token', { exact: true })).toHaveCount(0);

    await item.getByRole('button', { name: 'Revoke Backup script' }).click();
    await confirmDialog(page, 'Revoke');
    await expect(item).toHaveCount(0);
    expect((await script.get('/api/v1/files/user-files', { headers: bearer })).status()).toBe(401);
    await script.dispose();
  });

  test('access tokens come a page at a time, the rest behind Load more', async ({ page, user }) => {
    for (let i = 0; i < 23; i++) {
      const made = await page.request.post('/api/v1/users/me/tokens', {
        data: { name: `Script ${i}`, scope: 'read' },
      });
      expect(made.ok()).toBe(true);
    }
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: user.name, exact: true })).toBeVisible();
    const tokens = section(page, 'Access tokens');
    await expect(tokens.getByRole('listitem')).toHaveCount(20);
    await tokens.getByRole('button', { name: 'Load more' }).click();
    await expect(tokens.getByRole('listitem')).toHaveCount(23);
    await expect(tokens.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('deleting my account takes the password and the email typed out, then lands on login', async ({
    page,
    user,
    request,
  }) => {
    await page.goto('/dashboard');
    const danger = section(page, 'Delete account');
    await danger.getByLabel('Password', { exact: true }).fill(user.password);
    const email = danger.getByLabel('Type your email to confirm');
    await email.fill('someone-else@cloudstash.test');
    await danger.getByRole('button', { name: 'Delete my account' }).click();
    await expect(danger.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.deleteEmailMismatch);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await email.fill(user.email);
    await danger.getByRole('button', { name: 'Delete my account' }).click();
    await confirmDialog(page, 'Delete account');
    await expect(page).toHaveURL(atPath('/login'));
    const login = await request.post('/api/v1/users/login', {
      data: { email: user.email, password: user.password },
    });
    expect(login.status(), 'signing in to a deleted account').toBe(401);
  });
});
