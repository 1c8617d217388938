import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** Who signs in at the test provider, and whether it vouches for the email. */
export interface ProviderPerson {
  sub: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export const SSO_LABEL = 'Test IdP';

export function newPerson(email: string, name: string, emailVerified = true): ProviderPerson {
  return { sub: randomUUID(), email, name, emailVerified };
}

/** From the login page: the single sign-on button, then the provider's form, as a person fills it in. */
export async function signInWithProvider(page: Page, person: ProviderPerson): Promise<void> {
  // Someone new at the provider: it forgets who signed in there last (its session cookies), or it would
  // skip its form and answer for them again.
  await page.context().clearCookies({ name: /^_session/ });
  await page.goto('/login');
  await page.getByRole('link', { name: `Sign in with ${SSO_LABEL}` }).click();
  await answerAtProvider(page, person);
}

/** The provider's form, filled in as `person` (the browser is on it, or on its way there). */
export async function answerAtProvider(page: Page, person: ProviderPerson): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByLabel('Subject').fill(person.sub);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Email verified').setChecked(person.emailVerified);
  await page.getByLabel('Name').fill(person.name);
  await page.getByRole('button', { name: 'Continue' }).click();
}
