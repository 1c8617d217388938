import { SSO_ERROR_MESSAGES } from '@cloudstash/contract';
import { enterLoginCode } from './support/accounts';
import { createUser, currentUser, newCredentials } from './support/api';
import { checkScreen } from './support/screens';
import { SSO_LABEL, newPerson, signInWithProvider } from './support/sso';
import { authenticator } from './support/totp';
import { expect, test } from './support/test';
import { atPath as path } from './support/ui';

// This instance links identities to existing accounts but creates none (OIDC_AUTO_REGISTER off).

test('the login page offers single sign-on with the provider label', async ({ page }, testInfo) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Sign in with ${SSO_LABEL}` })).toBeVisible();
  await checkScreen(page, testInfo, 'login-sso');
});

test('an identity with no account comes back to the login page with a message', async ({
  page,
}, testInfo) => {
  const stranger = newCredentials('Stranger');
  await signInWithProvider(page, newPerson(stranger.email, stranger.name));
  await expect(page).toHaveURL(/\/login\?sso_error=no_account$/);
  await expect(page.getByRole('alert')).toHaveText(SSO_ERROR_MESSAGES.no_account);
  expect(await currentUser(page.request)).toBeNull();
  await checkScreen(page, testInfo, 'login-sso-error');
});

test('an existing account is linked only once its owner signs in to it (the link step)', async ({
  page,
  request,
}, testInfo) => {
  const account = await createUser(request, 'Linked');

  await signInWithProvider(page, newPerson(account.email, account.name, false));
  await expect(page).toHaveURL(/\/login\?sso_error=email_unverified$/);
  await expect(page.getByRole('alert')).toHaveText(SSO_ERROR_MESSAGES.email_unverified);
  expect(await currentUser(page.request)).toBeNull();

  // A verified email alone proves nothing here: whoever registered the address first may not be this person.
  const person = newPerson(account.email, 'Name at the provider');
  await signInWithProvider(page, person);
  await expect(page).toHaveURL(/\/login\?sso_error=link_required$/);
  await expect(page.getByRole('alert')).toHaveText(SSO_ERROR_MESSAGES.link_required);
  await expect(page.getByText('Link your account: sign in with its password')).toBeVisible();
  expect(await currentUser(page.request)).toBeNull();
  await checkScreen(page, testInfo, 'login-sso-link');

  // The owner signs in with the password; the browser goes through the provider again and the account is linked.
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(path('/dashboard'));
  // The account's own name: linking changes nothing about it.
  await expect(page.getByRole('button', { name: `Welcome, ${account.name}` })).toBeVisible();
  expect((await currentUser(page.request))?._id).toBe(account.id);
  // Linking signed out what was signed in before (the API context's session).
  expect(await currentUser(request)).toBeNull();

  // From now on the provider alone signs in to it.
  await page.context().clearCookies();
  await signInWithProvider(page, person);
  await expect(page).toHaveURL(path('/dashboard'));
  expect((await currentUser(page.request))?._id).toBe(account.id);
});

test('a callback whose state was tampered with is refused', async ({ page, request }) => {
  const account = await createUser(request, 'Tampered');
  // The state the provider is sent (and will send back) is not the one sealed in the browser's cookie.
  await page.route('**/api/v1/auth/oidc/start', async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const to = new URL(response.headers().location!);
    to.searchParams.set('state', `${to.searchParams.get('state')}x`);
    await route.fulfill({ response, headers: { ...response.headers(), location: to.href } });
  });
  await signInWithProvider(page, newPerson(account.email, account.name));
  await expect(page).toHaveURL(/\/login\?sso_error=expired$/);
  await expect(page.getByRole('alert')).toHaveText(SSO_ERROR_MESSAGES.expired);
  expect(await currentUser(page.request)).toBeNull();
});

test('an account with two-factor on is asked for its code after the provider', async ({ page, request }) => {
  const account = await createUser(request, 'Two Factor');
  const setup = await request.post('/api/v1/users/me/totp');
  expect(setup.ok()).toBe(true);
  const app = authenticator((await setup.json()).data.secret);
  const enabled = await request.post('/api/v1/users/me/totp/enable', { data: { code: await app.code() } });
  expect(enabled.ok()).toBe(true);
  // A recovery code for the link step keeps the next app code within the server's window.
  const [recoveryCode] = (await enabled.json()).data.recoveryCodes as string[];

  // Linked through the link step: password, then a code, then back through the provider.
  const person = newPerson(account.email, account.name);
  await signInWithProvider(page, person);
  await expect(page).toHaveURL(/\/login\?sso_error=link_required$/);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await enterLoginCode(page, recoveryCode!);
  await expect(page).toHaveURL(path('/dashboard'));
  expect((await currentUser(page.request))?._id).toBe(account.id);

  // Signed out, the provider stands in for the password only: no session until the code is given.
  await page.context().clearCookies();
  await signInWithProvider(page, person);
  await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
  expect(await currentUser(page.request)).toBeNull();
  await enterLoginCode(page, await app.code());
  await expect(page).toHaveURL(path('/dashboard'));
  expect((await currentUser(page.request))?._id).toBe(account.id);
});
