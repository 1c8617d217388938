import { DARK_THEMES, DEFAULT_THEME, LIGHT_THEMES, THEME_STORAGE_KEY } from '@cloudstash/contract';
import type { Page } from '@playwright/test';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';

const html = (page: Page) => page.locator('html');

/** The control that picks `theme` on the chooser (a button or a radio named after the theme). */
function themeOption(page: Page, theme: string) {
  // The name may carry a state word after the theme ("dark Active"), never another theme's name.
  const name = new RegExp(`^\\s*${theme}(\\s|$)`, 'i');
  return page
    .getByRole('main')
    .getByRole('radio', { name })
    .or(page.getByRole('main').getByRole('button', { name }));
}

test.describe('theme', () => {
  test('dark by default; a chosen theme applies at once and survives a reload', async ({
    page,
    user: _user,
  }, testInfo) => {
    await page.goto('/dashboard');
    await expect(html(page)).toHaveAttribute('data-theme', DEFAULT_THEME);
    expect(DEFAULT_THEME).toBe('dark');

    await page.goto('/dashboard/theme');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // 16 light and 13 dark themes, each offered by name.
    for (const theme of [...LIGHT_THEMES, ...DARK_THEMES]) {
      await expect(themeOption(page, theme), theme).toHaveCount(1);
    }
    await checkScreen(page, testInfo, 'theme');

    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await expect(themeOption(page, 'dark')).toHaveAttribute('aria-pressed', 'true');
    await themeOption(page, 'cupcake').click();
    await expect(html(page)).toHaveAttribute('data-theme', 'cupcake');
    await expect(themeOption(page, 'cupcake')).toHaveAttribute('aria-pressed', 'true');
    await expect(themeOption(page, 'dark')).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('cupcake');
    expect(
      requests.filter((u) => u.includes('/api/')),
      'the theme is a browser preference, not a server call',
    ).toEqual([]);
    await checkScreen(page, testInfo, 'theme-cupcake');

    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'cupcake');
    await page.goto('/dashboard/my-files');
    await expect(html(page)).toHaveAttribute('data-theme', 'cupcake');

    // A dark one, chosen the same way.
    await page.goto('/dashboard/theme');
    await themeOption(page, 'synthwave').click();
    await expect(html(page)).toHaveAttribute('data-theme', 'synthwave');
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'synthwave');
  });

  test('the saved theme also applies to signed-out screens in that browser', async ({ page }) => {
    await page.addInitScript(
      ([key, value]) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem(key!, value!);
          sessionStorage.setItem('seeded', '1');
        }
      },
      [THEME_STORAGE_KEY, 'retro'],
    );
    await page.goto('/login');
    await expect(html(page)).toHaveAttribute('data-theme', 'retro');
  });
});
