import { newCredentials, currentUser } from './support/api';
import { newPerson, signInWithProvider } from './support/sso';
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
