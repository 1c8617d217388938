import { unsupportedTypeMessage } from '@cloudstash/contract';
import type { Locator, Page } from '@playwright/test';
import { uploadFile } from './support/api';
import { FIXTURES } from './support/files';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { rowWith, toast } from './support/ui';

// Keyboard and screen-reader use: where focus goes when what held it disappears, and what is announced.

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const focusedInside = (page: Page, selector: string) =>
  page.evaluate((sel) => !!document.activeElement?.closest(sel), selector);

test('the navigation drawer is a modal: focus moves in, stays in, and comes back to the menu button', async ({
  page,
  user,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Profile · CloudStash');
  const opener = page.getByRole('button', { name: `Welcome, ${user.name}` });
  expect(await opener.getAttribute('aria-haspopup')).toBeNull();
  const navId = await opener.getAttribute('aria-controls');
  // Closed, the drawer is hidden from everyone, so it is found by its label rather than by its role.
  const menu = page.locator('nav[aria-label="Dashboard navigation"]');
  expect(await menu.getAttribute('id')).toBe(navId);

  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => isFocused(menu.getByRole('link', { name: 'Profile' }))).toBe(true);
  // The page behind is inert: Tab walks the drawer only.
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusedInside(page, `#${navId}`), `Tab ${i + 1} stays in the drawer`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(() => isFocused(opener)).toBe(true);

  // Following a link lands on the new screen's heading, and the document is titled after it.
  await page.keyboard.press('Enter');
  await expect.poll(() => isFocused(menu.getByRole('link', { name: 'Profile' }))).toBe(true);
  await menu.getByRole('link', { name: 'My Files' }).press('Enter');
  const heading = page.getByRole('heading', { name: 'My Files', level: 1 });
  await expect(heading).toBeVisible();
  await expect.poll(() => isFocused(heading)).toBe(true);
  await expect(page).toHaveTitle('My Files · CloudStash');
});

test('upload: focus follows the chosen file’s card, and Remove File gives it back to the drop area', async ({
  page,
  user: _user,
}, testInfo) => {
  await page.goto('/dashboard/upload-file');
  await expect(page).toHaveTitle('Upload File · CloudStash');
  // Named by its visible words, first: what a voice user reads is what they can say.
  const dropArea = page.getByRole('button', { name: /^Drag and drop a file here, or click to browse/ });
  await expect(dropArea).toBeVisible();
  await dropArea.focus();
  await page.locator('input[type="file"]').setInputFiles(FIXTURES.png.path);
  const card = page.getByRole('group', { name: `Chosen file: ${FIXTURES.png.name}` });
  await expect(card).toBeVisible();
  await expect.poll(() => isFocused(card)).toBe(true);
  await checkScreen(page, testInfo, 'upload-chosen-file');

  await page.getByRole('button', { name: 'Remove File' }).click();
  await expect(dropArea).toBeVisible();
  await expect.poll(() => isFocused(dropArea)).toBe(true);

  // A refused type is said once: in the page's alert; its toast does not speak it again.
  await page.locator('input[type="file"]').setInputFiles(FIXTURES.zip.path);
  const message = unsupportedTypeMessage(FIXTURES.zip.mimeType);
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(toast(page, message)).toBeVisible();
  const spoken = await page
    .locator('[role="alert"], [role="status"], [aria-live="polite"], [aria-live="assertive"]')
    .filter({ hasText: message })
    .evaluateAll((els) =>
      els.filter((el) => el.getAttribute('aria-live') !== 'off' && !el.closest('[aria-live="off"]')),
    );
  expect(spoken).toHaveLength(1);
});

test('upload progress is said in words while the bytes go', async ({ page, user: _user }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/files/upload', async (route) => {
    await released;
    await route.fallback();
  });
  await page.goto('/dashboard/upload-file');
  await page.locator('input[type="file"]').setInputFiles(FIXTURES.txt.path);
  await page.getByRole('button', { name: 'Upload File' }).click();
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: /^Uploaded \d+%$/ })).toHaveCount(1);
  release();
  await expect(page.getByRole('heading', { name: 'My Files', level: 1 })).toBeVisible();
});

test('deleting on My Files moves focus to the next row, and to the heading when no row is left', async ({
  page,
  user: _user,
}) => {
  await uploadFile(page.request, FIXTURES.txt, { filename: 'older' });
  await uploadFile(page.request, FIXTURES.txt, { filename: 'newer' });
  await page.goto('/dashboard/my-files');
  const deleteRow = async (name: string) => {
    await rowWith(page, name)
      .getByRole('button', { name: /^Delete(\s|$)/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete File?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(rowWith(page, name)).toHaveCount(0);
  };
  // Newest first: 'newer' is the first row, 'older' the next.
  await deleteRow('newer');
  const next = rowWith(page, 'older').getByRole('link', { name: 'older', exact: true });
  await expect.poll(() => isFocused(next)).toBe(true);
  await deleteRow('older');
  const heading = page.getByRole('heading', { name: 'My Files', level: 1 });
  await expect.poll(() => isFocused(heading)).toBe(true);
});

test('forms: an empty submit focuses the first invalid field, and the server’s refusal stays in an alert', async ({
  page,
}, testInfo) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login · CloudStash');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const email = page.getByLabel('Email', { exact: true });
  await expect.poll(() => isFocused(email)).toBe(true);
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Wrong1234x');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await checkScreen(page, testInfo, 'login-with-errors');
});
