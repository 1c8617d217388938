import { expect, type Locator, type Page } from '@playwright/test';
import type { Credentials } from './api';

/** A titled section of a screen (a <section> labelled by its heading). */
export function section(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** Fills in and sends the login form; does not wait for where it leads. */
export async function submitLogin(page: Page, credentials: Pick<Credentials, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The code step of a two-factor sign-in: enters `code` and expects to land on the dashboard. */
export async function enterLoginCode(page: Page, code: string) {
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

/** The confirm button of the open dialog. */
export async function confirmDialog(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
}
