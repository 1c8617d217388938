import AxeBuilder from '@axe-core/playwright';
import {
  DARK_THEMES,
  LIGHT_THEMES,
  MESSAGES,
  THEME_STORAGE_KEY,
  type StoredFile,
} from '@cloudstash/contract';
import { request as apiRequest, type Browser, type Locator, type Page } from '@playwright/test';
import { currentUser, uploadFile } from './support/api';
import { ADMIN_STORAGE_STATE, BASE_URL } from './support/env';
import { uniqueTextFile } from './support/files';
import { expect, test } from './support/test';

// Text, control borders and focus rings are read in whatever theme a person chose: each of the spec's 29 themes
// must give text 4.5:1 against the page (axe's colour-contrast rule) and borders and focus rings 3:1.

const THEMES = [...LIGHT_THEMES, ...DARK_THEMES];

async function contrastFailures(page: Page, theme: string, screen: string): Promise<string[]> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return violations
    .flatMap((v) => v.nodes)
    .map((node) => `${theme} ${screen}: ${node.target.join(' ')}: ${node.any[0]?.message ?? ''}`);
}

/**
 * The contrast ratio of one of an element's colours (a border, an outline) against the background it sits on (the
 * nearest ancestor with an opaque background). Computed styles may be `oklch(...)`, `oklab(...)` or `color(srgb ...)`:
 * painting both onto a 1×1 canvas turns them into sRGB pixels, with any transparency blended as the screen does.
 */
async function ratioAgainstPage(
  target: Locator,
  property: 'borderTopColor' | 'outlineColor',
): Promise<number> {
  const [fg, bg] = await target.evaluate((element, prop) => {
    let holder: Element | null = element.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (holder) {
      const colour = getComputedStyle(holder).backgroundColor;
      const canvas = document.createElement('canvas');
      const probe = canvas.getContext('2d')!;
      probe.fillStyle = colour;
      probe.fillRect(0, 0, 1, 1);
      if (probe.getImageData(0, 0, 1, 1).data[3] === 255) {
        background = colour;
        break;
      }
      holder = holder.parentElement;
    }
    const pixel = (colours: string[]) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const paint = canvas.getContext('2d')!;
      for (const colour of colours) {
        paint.fillStyle = colour;
        paint.fillRect(0, 0, 1, 1);
      }
      return [...paint.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const style = getComputedStyle(element) as unknown as Record<string, string>;
    return [pixel([background, style[prop]!]), pixel([background])];
  }, property);
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

async function signedInPage(browser: Browser, theme: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, storageState: ADMIN_STORAGE_STATE });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    THEME_STORAGE_KEY,
    theme,
  ] as const);
  return context.newPage();
}

test('a form with errors keeps its error and hint text readable in every theme', async ({ page }) => {
  test.setTimeout(300_000);
  const failures: string[] = [];
  for (const theme of THEMES) {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      THEME_STORAGE_KEY,
      theme,
    ] as const);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText(MESSAGES.nameRequired)).toBeVisible();
    failures.push(...(await contrastFailures(page, theme, 'register')));
  }
  expect(failures).toEqual([]);
});

test.describe('signed-in screens in every theme', () => {
  let file: StoredFile;
  let adminName: string;

  test.beforeAll(async () => {
    const api = await apiRequest.newContext({ baseURL: BASE_URL, storageState: ADMIN_STORAGE_STATE });
    adminName = (await currentUser(api))!.name;
    file = await uploadFile(api, uniqueTextFile('contrast'), { filename: `contrast notes ${Date.now()}` });
    const link = await api.post(`/api/v1/files/f/${file._id}/links`, { data: {} });
    expect(link.ok(), await link.text()).toBe(true);
    await api.dispose();
  });

  test('My Files, a preview, Storage Statistics, Shared Links and Profile keep text readable', async ({
    browser,
  }) => {
    test.setTimeout(900_000);
    const failures: string[] = [];
    for (const theme of THEMES) {
      const page = await signedInPage(browser, theme);
      await page.goto('/dashboard/my-files');
      await expect(page.getByText(file.filename).filter({ visible: true }).first()).toBeVisible();
      failures.push(...(await contrastFailures(page, theme, 'my-files')));

      await page.goto(`/dashboard/file/${file._id}`);
      await expect(page.getByRole('heading', { name: file.filename }).first()).toBeVisible();
      failures.push(...(await contrastFailures(page, theme, 'preview')));

      await page.goto('/dashboard/admin/stats');
      await expect(page.getByRole('heading', { name: 'Storage Statistics', level: 1 })).toBeVisible();
      await expect(page.getByText('Total files').first()).toBeVisible();
      failures.push(...(await contrastFailures(page, theme, 'stats')));

      await page.goto('/dashboard/links');
      await expect(page.getByRole('button', { name: /Revoke/ }).first()).toBeVisible();
      failures.push(...(await contrastFailures(page, theme, 'links')));

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: adminName, exact: true })).toBeVisible();
      failures.push(...(await contrastFailures(page, theme, 'profile')));
      await page.context().close();
    }
    expect(failures).toEqual([]);
  });

  test('input borders, the drop area and a primary button focus ring stand out 3:1 in every theme', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const failures: string[] = [];
    for (const theme of THEMES) {
      const page = await signedInPage(browser, theme);
      const measure = async (what: string, target: Locator, property: 'borderTopColor' | 'outlineColor') => {
        const ratio = await ratioAgainstPage(target, property);
        if (ratio < 3) failures.push(`${theme} ${what}: ${ratio.toFixed(2)}:1`);
      };
      await page.goto('/dashboard/upload-file');
      const dropArea = page.getByRole('button', { name: /Drag and drop a file here/ });
      await expect(dropArea).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await measure('drop area border', dropArea, 'borderTopColor');

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: adminName, exact: true })).toBeVisible();
      await measure('input border', page.locator('.input').first(), 'borderTopColor');
      const primary = page.locator('.btn-primary:not(:disabled)').first();
      // Focused without a pointer, as the keyboard does, so the focus ring shows.
      await primary.focus();
      expect(await primary.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
      await measure('primary button focus ring', primary, 'outlineColor');
      await page.context().close();
    }
    expect(failures).toEqual([]);
  });
});
