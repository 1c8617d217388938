import { SSO_ERROR_MESSAGES } from '@cloudstash/contract';
import { newCredentials, currentUser } from './support/api';
import { ADMIN_STORAGE_STATE, BASE_URL } from './support/env';
import { SSO_LABEL, answerAtProvider, newPerson, signInWithProvider } from './support/sso';
import { expect, test } from './support/test';
import { atPath as path } from './support/ui';

// This instance creates an account on a first single sign-on (OIDC_AUTO_REGISTER on).

test('a first sign-in creates the account, and the next one returns to it', async ({ browser, page }) => {
  const fresh = newCredentials('Newcomer');
  const person = newPerson(fresh.email, fresh.name);
  await signInWithProvider(page, person);
  await expect(page).toHaveURL(path('/dashboard'));
  await expect(page.getByRole('button', { name: `Welcome, ${fresh.name}` })).toBeVisible();
  const created = await currentUser(page.request);
  expect(created).toMatchObject({ email: fresh.email, name: fresh.name, role: 'user' });

  // Another browser, the same identity: the same account, not a second one.
  const other = await browser.newPage();
  await signInWithProvider(other, person);
  await expect(other).toHaveURL(path('/dashboard'));
  expect((await currentUser(other.request))?._id).toBe(created!._id);
  await other.close();
});

test('invite-only: a newcomer needs the invite, and its page offers the provider', async ({
  browser,
  page,
}) => {
  const admin = await browser.newContext({ baseURL: BASE_URL, storageState: ADMIN_STORAGE_STATE });
  try {
    const invite = await admin.request.patch('/api/v1/admin/settings', { data: { registration: 'invite' } });
    expect(invite.ok()).toBe(true);
    const stranger = newCredentials('Stranger');
    await signInWithProvider(page, newPerson(stranger.email, stranger.name));
    await expect(page).toHaveURL(/\/login\?sso_error=invite_required$/);
    await expect(page.getByRole('alert')).toHaveText(SSO_ERROR_MESSAGES.invite_required);
    expect(await currentUser(page.request)).toBeNull();

    const link = (await (await admin.request.post('/api/v1/admin/invites')).json()).data.url as string;
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByRole('link', { name: `Sign in with ${SSO_LABEL}` }).click();
    const invited = newCredentials('Invited');
    await answerAtProvider(page, newPerson(invited.email, invited.name));
    await expect(page).toHaveURL(path('/dashboard'));
    expect(await currentUser(page.request)).toMatchObject({ email: invited.email, name: invited.name });
  } finally {
    await admin.request.patch('/api/v1/admin/settings', { data: { registration: 'open' } });
    await admin.close();
  }
});
