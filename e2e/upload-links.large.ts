import { FIXTURES } from './support/files';
import { expect, test } from './support/test';
import {
  chooseFiles,
  createUploadLink,
  expectFilesInFolder,
  expectReceivedNotes,
  openUploadLinksOfNewFolder,
  phoneVisitorAt,
  reloadMidUpload,
  textFileOfSize,
  throttleUploads,
  visitorRow,
} from './support/upload-links';

// A visitor of an upload link sends a 50 MB file with two small ones from a phone: the large one goes over tus in
// 8 MB pieces, a reload cuts it off after its first piece, and chosen again it goes on from the server's offset.

const MB = 1024 * 1024;
const isPatch = (method: string, url: string) =>
  method === 'PATCH' && /\/api\/v1\/r\/[^/]+\/uploads\//.test(url);

test('a 50 MB file sent through an upload link survives a reload partway and resumes where it stopped', async ({
  page,
  browser,
  // Signs the page in as a new owner.
  user: _user,
}) => {
  test.setTimeout(240_000);
  const large = textFileOfSize('raw footage.txt', 50 * MB);

  await openUploadLinksOfNewFolder(page, 'Footage');
  await page.getByRole('button', { name: 'New upload link' }).click();
  const url = await createUploadLink(page, { label: 'Rushes', message: 'The day’s footage.', maxFiles: 5 });

  const visitor = await phoneVisitorAt(browser, url);
  const v = visitor.page;
  await v.getByLabel('Your name').fill('Sam Camera');
  await throttleUploads(v, 4 * MB);
  // The first piece's answer: the server holds 8 MB of the file when the page reloads.
  const firstPiece = v.waitForResponse(
    (response) => isPatch(response.request().method(), response.url()) && response.status() === 204,
    { timeout: 60_000 },
  );
  await chooseFiles(v, [large]);
  await firstPiece;
  await reloadMidUpload(v);
  await throttleUploads(v, -1);
  await expect(v.getByRole('status').filter({ hasText: 'did not finish' })).toContainText(
    'raw footage.txt (50 MB)',
  );

  // Chosen again, it goes on from where the server's bytes end, not from the start.
  const resumed = v.waitForRequest((request) => isPatch(request.method(), request.url()));
  await chooseFiles(v, [large, FIXTURES.png.path, FIXTURES.txt.path]);
  expect(Number((await resumed).headers()['upload-offset'])).toBeGreaterThanOrEqual(8 * MB);
  for (const name of ['raw footage.txt', FIXTURES.png.name, FIXTURES.txt.name]) {
    await expect(visitorRow(v, name)).toContainText('Done', { timeout: 120_000 });
  }
  await expect(v.getByText('3 of 3 sent · all done')).toBeVisible();
  await visitor.context.close();

  const stems = ['raw footage', FIXTURES.png.stem, FIXTURES.txt.stem];
  await expectFilesInFolder(page, 'Footage', stems);
  await expectReceivedNotes(page, {
    folder: 'Footage',
    label: 'Rushes',
    sender: 'Sam Camera',
    stems,
  });
});
