import { MESSAGES, fileTooLargeMessage, formatSize, unsupportedTypeMessage } from '@cloudstash/contract';
import type { Page } from '@playwright/test';
import { myFiles } from './support/api';
import { FIXTURES, SIX_MB, sixMegabyteFile } from './support/files';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { atPath, dropFiles, rowWith, toast, watchUploads } from './support/ui';

function uploadForm(page: Page) {
  const fileInput = page.locator('input[type="file"]');
  return {
    fileInput,
    /** The drag-and-drop / click-to-browse area. */
    dropArea: page.getByRole('button', { name: /drag and drop/i }),
    filename: page.getByRole('textbox', { name: /file ?name/i }),
    makePublic: page.getByRole('checkbox', { name: 'Make this file public' }),
    removeFile: page.getByRole('button', { name: 'Remove File' }),
    submit: page.getByRole('button', { name: /^(Upload File|Uploading\.\.\.)$/ }),
  };
}

async function openUpload(page: Page) {
  await page.goto('/dashboard/upload-file');
  const form = uploadForm(page);
  await expect(form.submit).toBeVisible();
  return form;
}

test.describe('upload', () => {
  test('drag and drop a PNG: filename defaults to the name without extension, public, lands in My Files', async ({
    page,
    user,
  }, testInfo) => {
    const form = await openUpload(page);
    await expect(form.submit).toHaveText('Upload File');
    await expect(form.submit, 'disabled with no file chosen').toBeDisabled();
    await checkScreen(page, testInfo, 'upload');

    await dropFiles(page, form.dropArea, [FIXTURES.png]);
    await expect(form.filename).toHaveValue(FIXTURES.png.stem);
    await expect(page.getByText(FIXTURES.png.name).first()).toBeVisible();
    await expect(form.submit).toBeEnabled();
    await form.makePublic.check();
    await checkScreen(page, testInfo, 'upload-file-chosen');

    // Hold the request a moment so the pending state can be seen.
    await page.route('**/api/v1/files/upload', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await form.submit.click();
    await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await expect(toast(page, MESSAGES.uploadSuccess)).toBeVisible();
    await expect(page).toHaveURL(atPath('/dashboard/my-files'));

    const row = rowWith(page, FIXTURES.png.stem);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Public');
    await expect(row).toContainText(formatSize(FIXTURES.png.bytes.length));

    const [stored] = await myFiles(page.request);
    expect(stored).toMatchObject({
      filename: FIXTURES.png.stem,
      isPublic: true,
      mimetype: 'image/png',
      size: FIXTURES.png.bytes.length,
      downloadCount: 0,
      uploadedBy: expect.objectContaining({ _id: user.id, name: user.name }),
    });
  });

  test('only the first of several dropped files is used', async ({ page, user: _user }) => {
    const form = await openUpload(page);
    await dropFiles(page, form.dropArea, [FIXTURES.jpeg, FIXTURES.txt]);
    await expect(form.filename).toHaveValue(FIXTURES.jpeg.stem);
    await expect(page.getByText(FIXTURES.jpeg.name).first()).toBeVisible();
    await expect(page.getByText(FIXTURES.txt.name)).toHaveCount(0);
  });

  test('browse for a PDF with the file chooser, give it a name, keep it private', async ({
    page,
    user: _user,
  }) => {
    const form = await openUpload(page);
    const chooser = page.waitForEvent('filechooser');
    await form.dropArea.click();
    await (await chooser).setFiles(FIXTURES.pdf.path);
    await expect(form.filename).toHaveValue(FIXTURES.pdf.stem);

    // A blank filename disables the submit; a name typed by the user is kept.
    await form.filename.fill('   ');
    await expect(form.submit).toBeDisabled();
    await form.filename.fill('Q3 report final');
    await expect(form.makePublic).not.toBeChecked();
    await form.submit.click();
    await expect(toast(page, MESSAGES.uploadSuccess)).toBeVisible();
    await expect(page).toHaveURL(atPath('/dashboard/my-files'));
    const row = rowWith(page, 'Q3 report final');
    await expect(row).toContainText('Private');
    await expect(row).toContainText('PDF');

    const [stored] = await myFiles(page.request);
    expect(stored).toMatchObject({
      filename: 'Q3 report final',
      isPublic: false,
      mimetype: 'application/pdf',
    });
  });

  test('setInputFiles on the input, then Remove File clears the choice', async ({ page, user: _user }) => {
    const form = await openUpload(page);
    await form.fileInput.setInputFiles(FIXTURES.mp4.path);
    await expect(form.filename).toHaveValue(FIXTURES.mp4.stem);
    await expect(page.getByText(FIXTURES.mp4.name).first()).toBeVisible();
    await form.removeFile.click();
    await expect(page.getByText(FIXTURES.mp4.name)).toHaveCount(0);
    await expect(form.submit).toBeDisabled();

    // And a video goes through too.
    await form.fileInput.setInputFiles(FIXTURES.mp4.path);
    await form.submit.click();
    await expect(toast(page, MESSAGES.uploadSuccess)).toBeVisible();
    await expect(rowWith(page, FIXTURES.mp4.stem)).toContainText('Video');
  });

  test('a file of a type that is not allowed is refused before anything is sent', async ({
    page,
    user: _user,
  }) => {
    const uploads = watchUploads(page);
    const form = await openUpload(page);

    await form.fileInput.setInputFiles(FIXTURES.html.path);
    await expect(page.getByText(unsupportedTypeMessage('text/html')).first()).toBeVisible();
    await expect(form.submit).toBeDisabled();

    await dropFiles(page, form.dropArea, [FIXTURES.zip]);
    await expect(page.getByText(unsupportedTypeMessage('application/zip')).first()).toBeVisible();
    await expect(form.submit).toBeDisabled();
    expect(uploads, 'no upload request was sent').toHaveLength(0);
  });

  test('a 6 MB file is refused before anything is sent', async ({ page, user: _user }) => {
    const uploads = watchUploads(page);
    const form = await openUpload(page);
    const big = sixMegabyteFile();
    expect(fileTooLargeMessage(SIX_MB)).toBe('File size must be less than 5MB. Current file size: 6 MB');

    await form.fileInput.setInputFiles(big.path);
    await expect(page.getByText(fileTooLargeMessage(SIX_MB)).first()).toBeVisible();
    await expect(form.submit).toBeDisabled();
    expect(uploads, 'no upload request was sent').toHaveLength(0);
    expect(await myFiles(page.request)).toHaveLength(0);
  });
});
