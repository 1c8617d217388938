import { ACCOUNT_MESSAGES, MAIL_MESSAGES } from '@cloudstash/contract';
import { startSmtpSink, type SmtpSink } from '@cloudstash/test-support/smtp-sink';
import { createUser } from './support/api';
import { ADMIN_STORAGE_STATE, BASE_URL, SMTP_PORT } from './support/env';
import { submitLogin } from './support/accounts';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { atPath } from './support/ui';

const SIGNED_OUT = { baseURL: BASE_URL, storageState: { cookies: [], origins: [] } };

// The instance mails through SMTP_URL (playwright.config.ts); this spec is the SMTP server it reaches.
let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});

const mailTo = (email: string) =>
  expect
    .poll(() => sink.mails.find((m) => m.to.includes(email)), {
      message: `a mail to ${email}`,
      timeout: 30_000,
    })
    .toBeDefined()
    .then(() => sink.mails.find((m) => m.to.includes(email))!);

test.describe('forgot password', () => {
  test('a mailed link sets a new password, and the new password signs in', async ({ browser }, testInfo) => {
    test.slow();
    const visitor = await browser.newContext(SIGNED_OUT);
    const account = await createUser(visitor.request, 'Forgetful');
    await visitor.clearCookies();
    const page = await visitor.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(atPath('/forgot-password'));
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await checkScreen(page, testInfo, 'forgot-password');

    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: MAIL_MESSAGES.forgotPasswordSent }),
    ).toBeVisible();
    await checkScreen(page, testInfo, 'forgot-password-sent');

    const mail = await mailTo(account.email);
    const link = new RegExp(`${BASE_URL}/reset/[A-Za-z0-9_-]{43}`).exec(mail.parsed.text ?? '')?.[0];
    expect(link, 'the reset link in the mail').toBeDefined();
    await page.goto(link!);
    await page.getByLabel('New password').fill('Remembered789z');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page).toHaveURL(atPath('/login'));
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.passwordReset })).toHaveCount(1);
    await submitLogin(page, { email: account.email, password: 'Remembered789z' });
    await expect(page).toHaveURL(atPath('/dashboard'));
    await visitor.close();
  });

  test('Instance Settings shows mail and sends a test email to the administrator', async ({
    browser,
    adminAccount,
  }, testInfo) => {
    test.slow();
    const admin = await browser.newContext({ baseURL: BASE_URL, storageState: ADMIN_STORAGE_STATE });
    const page = await admin.newPage();
    await page.goto('/dashboard/admin/settings');
    const section = page.getByRole('region', { name: 'Mail' });
    await expect(section.getByText('Mail is sent from CloudStash <files@cloudstash.test>')).toBeVisible();
    await section.getByRole('button', { name: 'Send test email' }).click();
    await expect(section.getByRole('status')).toHaveText(`Test email sent to ${adminAccount.email}.`);
    expect((await mailTo(adminAccount.email)).parsed.subject).toBe('CloudStash test email');
    await checkScreen(page, testInfo, 'admin-settings-mail');
    await admin.close();
  });
});
