import { ACCOUNT_MESSAGES, TRASH_MESSAGES, VERSION_MESSAGES, type Envelope } from '@cloudstash/contract';
import { request as apiRequest, type Locator, type Page } from '@playwright/test';
import { uploadFile } from './support/api';
import { ADMIN_STORAGE_STATE, BASE_URL } from './support/env';
import { FIXTURES } from './support/files';
import { blockingViolations, DESKTOP } from './support/screens';
import { expect, test } from './support/test';
import { openMenuLink } from './support/ui';

// Keyboard walks of the screens that need a setting of the whole instance (Trash kept, versions kept, who may
// register): this spec runs alone after every other one (playwright.config.ts) and puts each setting back.

const PHONE = { width: 390, height: 844 } as const;
const SIZES = [
  { size: DESKTOP, label: '1280' },
  { size: PHONE, label: '390' },
] as const;
const THEMES = ['light', 'dark', 'lemonade', 'cupcake'] as const;

async function asAdmin<T>(run: (admin: Awaited<ReturnType<typeof apiRequest.newContext>>) => Promise<T>) {
  const admin = await apiRequest.newContext({ baseURL: BASE_URL, storageState: ADMIN_STORAGE_STATE });
  try {
    return await run(admin);
  } finally {
    await admin.dispose();
  }
}

async function setTrashDays(days: number): Promise<void> {
  await asAdmin(async (admin) => {
    const answer = await admin.patch('/api/v1/admin/settings/trash', { data: { trashRetentionDays: days } });
    expect(answer.ok(), await answer.text()).toBe(true);
  });
}

/** What holds focus, described; never the page itself. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body>';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';
    return `${el.tagName.toLowerCase()} ${name}`.trim();
  });
}
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Everything the page's live regions say now (regions marked aria-live=off excluded). */
async function announced(page: Page): Promise<string> {
  return page
    .locator('[role="status"], [role="alert"], [aria-live="polite"], [aria-live="assertive"]')
    .evaluateAll((els) =>
      els
        .filter((el) => el.getAttribute('aria-live') !== 'off' && !el.closest('[aria-live="off"]'))
        .map((el) => el.textContent ?? '')
        .join(' | '),
    );
}

/** Serious and critical axe violations of the screen as it is, in each of the four audited themes. */
async function expectCleanInFourThemes(page: Page, where: string): Promise<void> {
  const before = (await page.locator('html').getAttribute('data-theme')) ?? 'dark';
  const problems: string[] = [];
  for (const theme of THEMES) {
    await page.evaluate((name) => document.documentElement.setAttribute('data-theme', name), theme);
    for (const v of await blockingViolations(page)) {
      problems.push(`${where} in ${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  await page.evaluate((name) => document.documentElement.setAttribute('data-theme', name), before);
  expect.soft(problems, problems.join('\n')).toEqual([]);
}

const shown = (locator: Locator) => locator.locator('visible=true').first();
const fileLink = (page: Page, name: string) =>
  shown(page.getByRole('main').getByRole('link', { name, exact: true }));
const toastBox = (page: Page) => page.locator('[data-rht-toaster] [role="status"]');

test.describe('with Trash on', () => {
  test.beforeEach(async () => {
    await setTrashDays(30);
  });
  test.afterEach(async () => {
    await setTrashDays(0);
  });

  for (const { size, label } of SIZES) {
    test(`undo toast at ${label}: said with its shortcut, stays while focused, gives focus back`, async ({
      page,
      user: _user,
    }, testInfo) => {
      test.slow();
      await page.setViewportSize(size);
      await page.clock.install();
      await uploadFile(page.request, FIXTURES.txt, { filename: 'first note' });
      await uploadFile(page.request, FIXTURES.txt, { filename: 'second note' });
      await uploadFile(page.request, FIXTURES.txt, { filename: 'third note' });
      await page.goto('/dashboard/my-files');
      await expect(fileLink(page, 'third note')).toBeVisible();

      // Delete by keyboard: the toast says how to undo from where focus is, and the shortcut does it.
      await shown(page.getByRole('button', { name: 'Delete third note', exact: true })).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: TRASH_MESSAGES.dialogTitle });
      await dialog.getByRole('button', { name: 'Delete', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(fileLink(page, 'third note')).toHaveCount(0);
      await expect.poll(() => announced(page)).toContain('Press Alt+Z to undo');
      const undo = page.getByRole('button', { name: 'Undo', exact: true });
      await expect(undo).toHaveAttribute('aria-keyshortcuts', 'Alt+Z');
      await expect.poll(() => focused(page)).not.toBe('<body>');
      const before = await focused(page);
      await page.keyboard.press('Alt+KeyZ');
      await expect(fileLink(page, 'third note')).toBeVisible();
      await expect.poll(() => announced(page)).toContain(TRASH_MESSAGES.restored);
      expect(await focused(page)).toBe(before);

      // Focus in the toast holds it past its ten seconds; Undo gives focus back to where it came from.
      await shown(page.getByRole('button', { name: 'Delete second note', exact: true })).focus();
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: 'Delete', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(fileLink(page, 'second note')).toHaveCount(0);
      await expect(undo).toBeVisible();
      const origin = shown(page.getByRole('link', { name: 'first note', exact: true }));
      await origin.focus();
      await undo.focus();
      await page.clock.fastForward(30_000);
      await expect(undo).toBeVisible();
      expect(await isFocused(undo)).toBe(true);
      // Held by focus, the toast can be scanned at leisure.
      await expectCleanInFourThemes(page, `undo toast at ${label}`);
      await page.screenshot({ path: testInfo.outputPath(`undo-toast-${label}.png`) });
      await page.keyboard.press('Enter');
      await expect(fileLink(page, 'second note')).toBeVisible();
      await expect.poll(() => isFocused(origin)).toBe(true);

      // Without focus or the pointer on it, the toast goes after its time, and focus stays where it was.
      await shown(page.getByRole('button', { name: 'Delete first note', exact: true })).focus();
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: 'Delete', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(fileLink(page, 'first note')).toHaveCount(0);
      await expect(undo).toBeVisible();
      await page.mouse.move(0, size.height - 1);
      await page.clock.fastForward(30_000);
      await expect(undo).toHaveCount(0);
      expect(await focused(page)).not.toBe('<body>');
    });

    test(`toasts at ${label} leave the header and its menu uncovered`, async ({ page, user }) => {
      test.slow();
      await page.setViewportSize(size);
      const made = await page.request.post('/api/v1/folders', {
        data: { name: 'Old stuff', parentId: null },
      });
      expect(made.ok(), await made.text()).toBe(true);
      expect(((await made.json()) as Envelope<unknown>).data).toBeTruthy();
      await uploadFile(page.request, FIXTURES.txt, { filename: 'loose note' });
      await page.goto('/dashboard/my-files');
      await expect(fileLink(page, 'loose note')).toBeVisible();
      await shown(page.getByRole('button', { name: 'Delete loose note', exact: true })).click();
      await page
        .getByRole('dialog', { name: TRASH_MESSAGES.dialogTitle })
        .getByRole('button', { name: 'Delete', exact: true })
        .click();
      // The pointer rests on the toast, which holds every toast open; the rest is done by keyboard.
      await toastBox(page).first().hover();
      await page.getByRole('button', { name: 'Actions for folder Old stuff' }).press('Enter');
      await page
        .getByRole('list', { name: 'Folders' })
        .getByRole('listitem')
        .filter({ hasText: 'Old stuff' })
        .getByRole('button', { name: 'Delete' })
        .press('Enter');
      await page
        .getByRole('dialog', { name: TRASH_MESSAGES.dialogTitle })
        .getByRole('button', { name: 'Delete', exact: true })
        .press('Enter');
      await expect(toastBox(page)).toHaveCount(2);
      // Held open, the toasts must leave the header usable all the same.
      const header = page.locator('header, nav').first();
      const headerBox = (await header.boundingBox())!;
      for (const box of await toastBox(page).evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect),
      )) {
        expect(
          box.y >= headerBox.y + headerBox.height || box.y + box.height <= headerBox.y,
          'a toast lies over the header',
        ).toBe(true);
      }
      await openMenuLink(page, user.name, 'Trash');
      await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
    });
  }
});

test.describe('Instance Settings by keyboard', () => {
  test.use({ storageState: ADMIN_STORAGE_STATE });
  test.afterEach(async ({ page }) => {
    const reset = await page.request.patch('/api/v1/admin/settings', { data: { registration: 'open' } });
    expect(reset.ok()).toBe(true);
  });

  const savedRegistration = async (page: Page) =>
    ((await (await page.request.get('/api/v1/admin/settings')).json()) as Envelope<{ registration: string }>)
      .data.registration;

  for (const { size, label } of SIZES) {
    test(`settings at ${label}: arrows choose, Save saves, and focus stays on what was pressed`, async ({
      page,
    }, testInfo) => {
      test.slow();
      await page.setViewportSize(size);
      expect(
        (await page.request.patch('/api/v1/admin/settings', { data: { registration: 'open' } })).ok(),
      ).toBe(true);
      await page.goto('/dashboard/admin/settings');
      await expect(page.getByRole('heading', { name: 'Instance Settings', level: 1 })).toBeVisible();
      const radio = (name: string) => page.getByRole('radio', { name: new RegExp(`^${name}`) });
      await expect(radio('Open')).toBeChecked();

      // Arrows walk the choices; none of them reaches the server.
      await radio('Open').focus();
      await page.keyboard.press('ArrowDown');
      await expect(radio('By invite')).toBeChecked();
      expect(await isFocused(radio('By invite'))).toBe(true);
      await page.keyboard.press('ArrowDown');
      await expect(radio('Closed')).toBeChecked();
      expect(await isFocused(radio('Closed'))).toBe(true);
      expect(await savedRegistration(page)).toBe('open');
      await page.keyboard.press('ArrowUp');
      await expect(radio('By invite')).toBeChecked();
      expect(await savedRegistration(page)).toBe('open');
      await expect(page.getByText('Not saved yet')).toBeVisible();

      // Tab reaches Save; Enter saves, focus stays on it, and the result is said.
      await page.keyboard.press('Tab');
      const save = page.getByRole('button', { name: 'Save who may register' });
      expect(await isFocused(save)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => announced(page)).toContain(ACCOUNT_MESSAGES.settingsUpdated);
      await expect.poll(() => savedRegistration(page)).toBe('invite');
      await expect(page.getByText('Not saved yet')).toHaveCount(0);
      expect(await isFocused(save)).toBe(true);

      // Save Days in Trash keeps focus while it saves.
      const trashSave = page.getByRole('button', { name: 'Save Days in Trash' });
      await trashSave.focus();
      const trashSaved = page.waitForResponse((r) => r.url().endsWith('/api/v1/admin/settings/trash'));
      await page.keyboard.press('Enter');
      expect((await trashSaved).ok()).toBe(true);
      await expect(trashSave).not.toHaveAttribute('aria-disabled', 'true');
      expect(await focused(page)).toBe('button Save Days in Trash');

      // Make invite link keeps focus (its label changes, it is the same button), and the link is said.
      const make = page.getByRole('button', { name: 'Make invite link' });
      await make.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => announced(page)).toContain(ACCOUNT_MESSAGES.inviteCreated);
      const another = page.getByRole('button', { name: 'Make another invite link' });
      await expect.poll(() => isFocused(another)).toBe(true);
      await page.keyboard.press('Enter');

      // Invites for anyone, made alike, are told apart by their Revoke buttons' names.
      const revokes = page
        .getByRole('button', { name: /^Revoke invite for Anyone with the link/ })
        .locator('visible=true');
      await expect.poll(() => revokes.count()).toBeGreaterThanOrEqual(2);
      const names = await revokes.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
      expect(new Set(names).size).toBe(names.length);

      await expectCleanInFourThemes(page, `instance settings at ${label}`);
      await save.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`settings-${label}.png`) });
    });
  }
});

test.describe('Versions by keyboard', () => {
  test.use({ storageState: ADMIN_STORAGE_STATE });
  test.afterEach(async ({ page }) => {
    const reset = await page.request.patch('/api/v1/admin/settings/versions', { data: { versionsKeep: 0 } });
    expect(reset.ok()).toBe(true);
  });

  for (const { size, label } of SIZES) {
    test(`versions at ${label}: names to the second, and Restore and Delete leave focus on the card`, async ({
      page,
    }) => {
      test.slow();
      await page.setViewportSize(size);
      const keep = await page.request.patch('/api/v1/admin/settings/versions', { data: { versionsKeep: 5 } });
      expect(keep.ok()).toBe(true);
      const file = await uploadFile(page.request, FIXTURES.txt, { filename: `kept notes ${label}` });
      // Three replacements within the same minute, as a busy editor makes them.
      for (const fixture of [FIXTURES.png, FIXTURES.pdf, FIXTURES.txt]) {
        const put = await page.request.put(`/api/v1/files/f/${file._id}/content`, {
          multipart: { file: { name: fixture.name, mimeType: fixture.mimeType, buffer: fixture.bytes } },
        });
        expect(put.ok(), await put.text()).toBe(true);
      }
      await page.goto(`/dashboard/file/${file._id}`);
      const card = page.getByRole('region', { name: 'Versions' });
      const restores = card.getByRole('button', { name: /^Restore the version replaced / });
      await expect(restores).toHaveCount(3);
      const names = await restores.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
      expect(new Set(names).size).toBe(3);
      for (const name of names) expect(name).toMatch(/\d{1,2}:\d{2}:\d{2}/);

      await restores.first().focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => announced(page)).toContain(VERSION_MESSAGES.versionRestored);
      const heading = card.getByRole('heading', { name: 'Versions' });
      await expect.poll(() => isFocused(heading)).toBe(true);

      await card
        .getByRole('button', { name: /^Delete the version replaced / })
        .first()
        .focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete version?' });
      await dialog.getByRole('button', { name: 'Delete', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => announced(page)).toContain(VERSION_MESSAGES.versionDeleted);
      await expect(dialog).toHaveCount(0);
      await expect.poll(() => isFocused(heading)).toBe(true);
      await expectCleanInFourThemes(page, `versions at ${label}`);
    });
  }
});
