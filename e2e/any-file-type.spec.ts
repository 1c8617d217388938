import { ACCOUNT_MESSAGES, MESSAGES, THEME_STORAGE_KEY, formatSize } from '@cloudstash/contract';
import type { Page } from '@playwright/test';
import { uploadFile } from './support/api';
import { ADMIN_STORAGE_STATE } from './support/env';
import { FIXTURES, bytesFixture } from './support/files';
import { DESKTOP, PHONE, checkScreen } from './support/screens';
import { loadEveryWay, pwnedInAnyFrame, watchForScript } from './support/script-watch';
import { expect, test } from './support/test';
import { atPath, openMenuLink, rowWith, toast } from './support/ui';

// Which files may be uploaded is one setting for the whole instance: this spec runs in the instance-wide project,
// after every other spec (playwright.config.ts), so no other test meets an instance that takes any file.
test.use({ storageState: ADMIN_STORAGE_STATE });

/** Markup that runs a script (a global and a beacon) wherever a browser renders it as a document. */
const SCRIPTED = [
  bytesFixture(
    'page.html',
    'text/html',
    Buffer.from(
      '<!doctype html><html><body><script>window.__pwned="html";fetch("/api/v1/pwned/html")</script>Hi</body></html>',
    ),
  ),
  bytesFixture(
    'logo.svg',
    'image/svg+xml',
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" onload="fetch(\'/api/v1/pwned/svg-onload\')">' +
        '<script>window.__pwned="svg";fetch("/api/v1/pwned/svg")</script></svg>',
    ),
  ),
  bytesFixture(
    'feed.xml',
    'application/xml',
    Buffer.from(
      '<?xml version="1.0"?><feed xmlns:h="http://www.w3.org/1999/xhtml">' +
        '<h:script>window.__pwned="xml";fetch("/api/v1/pwned/xml")</h:script></feed>',
    ),
  ),
];

const uploadTypesRadio = (page: Page, label: string) =>
  page.getByRole('radio', { name: new RegExp(`^${label}`) });

async function openSettings(page: Page, adminName: string) {
  await page.goto('/dashboard');
  await openMenuLink(page, adminName, 'Instance Settings');
  await expect(page.getByRole('heading', { name: 'Instance Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Which files may be uploaded' })).toBeVisible();
}

test.describe('any file type, where the instance allows it', () => {
  test.afterEach(async ({ page }) => {
    // Whatever happened, later runs find a media-only instance again.
    const reset = await page.request.patch('/api/v1/admin/settings', {
      data: { allowedUploadTypes: 'media' },
    });
    expect(reset.ok()).toBe(true);
  });

  test('an administrator lets any file in from Instance Settings, and the Upload page follows', async ({
    page,
    adminAccount,
  }, testInfo) => {
    // Screen checks at two widths in two themes: more than the default time on a busy machine.
    test.slow();
    await openSettings(page, adminAccount.name);
    await expect(uploadTypesRadio(page, 'Media only')).toBeChecked();
    await expect(
      page.getByText('Set by the server environment (ALLOWED_UPLOAD_TYPES) until you choose here.'),
    ).toBeVisible();
    await checkScreen(page, testInfo, 'admin-settings-upload-types-dark');

    // By keyboard: the arrow key moves the choice, and Save saves it.
    await uploadTypesRadio(page, 'Media only').focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('button', { name: 'Save which files may be uploaded' }).press('Enter');
    await expect(toast(page, ACCOUNT_MESSAGES.settingsUpdated)).toBeVisible();
    await expect(uploadTypesRadio(page, 'Any file')).toBeChecked();
    await expect(page.getByText('Chosen here; this overrides the server environment.').last()).toBeVisible();

    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      THEME_STORAGE_KEY,
      'light',
    ] as const);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(uploadTypesRadio(page, 'Any file')).toBeChecked();
    await checkScreen(page, testInfo, 'admin-settings-upload-types-light');

    // The Upload page obeys the instance: every file in the picker, the hint says so, an HTML page goes up.
    const config = await (await page.request.get('/api/v1/config')).json();
    await page.goto('/dashboard/upload-file');
    await expect(
      page.getByText(`Any type of file, up to ${formatSize(config.data.maxUploadBytes)}`),
    ).toBeVisible();
    const input = page.getByLabel('File to upload');
    await expect(input).not.toHaveAttribute('accept');
    await input.setInputFiles({ name: 'page.html', mimeType: 'text/html', buffer: SCRIPTED[0]!.bytes });
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByLabel('Filename')).toHaveValue('page');
    await page.getByRole('button', { name: 'Upload File' }).click();
    await expect(toast(page, MESSAGES.uploadSuccess)).toBeVisible();
    await expect(page).toHaveURL(atPath('/dashboard/my-files'));
    await expect(rowWith(page, 'page.html').getByText('File', { exact: true })).toBeVisible();

    // Back to media only: the Upload page refuses the same file before sending it, with the spec's message.
    await openSettings(page, adminAccount.name);
    await uploadTypesRadio(page, 'Media only').click();
    await page.getByRole('button', { name: 'Save which files may be uploaded' }).click();
    await expect(toast(page, ACCOUNT_MESSAGES.settingsUpdated)).toBeVisible();
    await page.goto('/dashboard/upload-file');
    await expect(
      page.getByText('Images (JPEG, PNG, GIF, WebP), videos (MP4, MOV, WebM), PDF and plain text', {
        exact: false,
      }),
    ).toBeVisible();
    await page
      .getByLabel('File to upload')
      .setInputFiles({ name: 'page.html', mimeType: 'text/html', buffer: SCRIPTED[0]!.bytes });
    await expect(page.getByRole('alert')).toContainText('File type "text/html" is not supported.');
  });

  test('HTML, SVG and XML with a script run none of it, opened, framed or pulled in as a script', async ({
    page,
    context,
  }) => {
    const signs = watchForScript(context, page);
    const stored = await page.request.patch('/api/v1/admin/settings', {
      data: { allowedUploadTypes: 'any' },
    });
    expect(stored.ok()).toBe(true);
    for (const fixture of SCRIPTED) {
      const file = await uploadFile(page.request, fixture, { filename: fixture.stem });
      expect(file.mimetype).toBe(fixture.mimeType);
      expect(file.filename).toBe(fixture.name);

      // Opened directly: an attachment, so Chromium saves it rather than rendering it.
      const download = page.waitForEvent('download');
      await page.goto(file.url).catch(() => undefined);
      expect((await download).suggestedFilename()).toBe(fixture.name);

      // Framed by a page of the app, and loaded as a script by it (script-src 'self' would allow the URL).
      expect(await loadEveryWay(page, file.url)).toBe('refused');
      expect(await pwnedInAnyFrame(page)).toEqual([]);
    }
    expect(signs).toEqual([]);
  });

  test('office files, archives and design files are called what they are, and a long type wraps', async ({
    page,
  }, testInfo) => {
    test.slow();
    const stored = await page.request.patch('/api/v1/admin/settings', {
      data: { allowedUploadTypes: 'any' },
    });
    expect(stored.ok()).toBe(true);
    // An archive is called one; an office document's long registered type is the unit tests' (a browser here
    // cannot make one the server recognises as such).
    const brief = await uploadFile(
      page.request,
      bytesFixture('Brief archive.zip', 'application/zip', FIXTURES.zip.bytes),
      {
        filename: 'Brief archive',
      },
    );

    await page.goto('/dashboard/my-files');
    await expect(rowWith(page, brief.filename).getByText('Archive', { exact: true })).toBeVisible();

    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(`/dashboard/file/${brief._id}`);
      const details = page.getByRole('region', { name: 'File Details' });
      await expect(details.getByText(/^Archive \(/)).toBeVisible();
      // The card keeps to its width: nothing in it is wider than the card itself.
      const overflow = await details.evaluate((card) => card.scrollWidth - card.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `/tmp/file-details-office-${size.width}.png`, fullPage: true });
    }
    await checkScreen(page, testInfo, 'file-details-office-type');
  });
});
