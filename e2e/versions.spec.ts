import { ACCOUNT_MESSAGES, THEME_STORAGE_KEY, VERSION_MESSAGES, formatSize } from '@cloudstash/contract';
import type { Locator, Page } from '@playwright/test';
import { uploadFile } from './support/api';
import { ADMIN_STORAGE_STATE } from './support/env';
import { FIXTURES, type Fixture } from './support/files';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { expectFigure, openMenuLink, rowWith, toast } from './support/ui';

// How many versions files keep is one setting for the whole instance: this spec runs in the project of such
// specs, after every other one (playwright.config.ts), and puts it back to none.
test.use({ storageState: ADMIN_STORAGE_STATE });

/** Picks `file` in the chooser that `button` opens, as a person does. */
async function pickWith(page: Page, button: Locator, file: Fixture) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file.path);
}

const versionsCard = (page: Page) => page.getByRole('region', { name: 'Versions' });

test.describe('file versions', () => {
  test.afterEach(async ({ page }) => {
    const reset = await page.request.patch('/api/v1/admin/settings/versions', { data: { versionsKeep: 0 } });
    expect(reset.ok()).toBe(true);
  });

  test('upload a new version from the preview page and My Files, then restore the old one', async ({
    page,
    adminAccount,
  }, testInfo) => {
    // Several uploads and screen checks (axe at two widths, in two themes).
    test.slow();
    const original = await uploadFile(page.request, FIXTURES.txt, { filename: 'versioned notes' });

    // The administrator turns versions on in Instance Settings.
    await page.goto('/dashboard');
    await openMenuLink(page, adminAccount.name, 'Instance Settings');
    const keep = page.getByLabel('Earlier versions kept per file', { exact: true });
    await keep.fill('3');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, ACCOUNT_MESSAGES.settingsUpdated)).toBeVisible();
    await expect(page.getByText('Chosen here; this overrides the server environment.').last()).toBeVisible();

    await page.goto(`/dashboard/file/${original._id}`);
    await expect(page.getByRole('heading', { name: 'versioned notes', level: 1 })).toBeVisible();
    await expect(versionsCard(page).getByText('No earlier versions.')).toBeVisible();

    // A new version from the preview page: the file keeps its name, its size follows the new bytes.
    await pickWith(
      page,
      page.getByRole('button', { name: 'Upload new version of versioned notes' }),
      FIXTURES.png,
    );
    await expect(toast(page, VERSION_MESSAGES.contentReplaced)).toBeVisible();
    await expectFigure(page, 'Size', formatSize(FIXTURES.png.bytes.length));
    const versions = versionsCard(page).getByRole('list', { name: 'Earlier versions' }).getByRole('listitem');
    await expect(versions).toHaveCount(1);
    await expect(versions.first()).toContainText(formatSize(FIXTURES.txt.bytes.length));
    await checkScreen(page, testInfo, 'file-versions-dark');
    await page.evaluate((key) => localStorage.setItem(key, 'light'), THEME_STORAGE_KEY);
    await page.reload();
    await expect(versions).toHaveCount(1);
    await checkScreen(page, testInfo, 'file-versions-light');

    // Restoring the old bytes makes the current ones a version in turn.
    await versions
      .first()
      .getByRole('button', { name: /^Restore the version replaced/ })
      .click();
    await expect(toast(page, VERSION_MESSAGES.versionRestored)).toBeVisible();
    await expectFigure(page, 'Size', formatSize(FIXTURES.txt.bytes.length));
    await expect(versions).toHaveCount(1);
    await expect(versions.first()).toContainText(formatSize(FIXTURES.png.bytes.length));

    // A new version from the file's actions on My Files.
    await page.goto('/dashboard/my-files');
    const row = rowWith(page, 'versioned notes');
    await pickWith(
      page,
      row.getByRole('button', { name: 'Upload new version of versioned notes' }),
      FIXTURES.pdf,
    );
    await expect(toast(page, VERSION_MESSAGES.contentReplaced)).toBeVisible();
    await expect(row).toContainText(formatSize(FIXTURES.pdf.bytes.length));

    await page.goto(`/dashboard/file/${original._id}`);
    await expect(versions).toHaveCount(2);
    // Deleting a version asks first.
    await versions
      .last()
      .getByRole('button', { name: /^Delete the version replaced/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, VERSION_MESSAGES.versionDeleted)).toBeVisible();
    await expect(versions).toHaveCount(1);
  });
});
