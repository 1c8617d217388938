import AxeBuilder from '@axe-core/playwright';
import { DARK_THEMES, LIGHT_THEMES, MESSAGES, THEME_STORAGE_KEY } from '@cloudstash/contract';
import { expect, test } from './support/test';

// Field errors and hints are read in whatever theme a person chose: each of the spec's 29 themes must give
// them 4.5:1 against the page (axe's colour-contrast rule).

test('a form with errors keeps its error and hint text readable in every theme', async ({ page }) => {
  test.setTimeout(300_000);
  const failures: string[] = [];
  for (const theme of [...LIGHT_THEMES, ...DARK_THEMES]) {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      THEME_STORAGE_KEY,
      theme,
    ] as const);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText(MESSAGES.nameRequired)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
    for (const node of violations.flatMap((v) => v.nodes)) {
      failures.push(`${theme}: ${node.target.join(' ')}: ${node.any[0]?.message ?? ''}`);
    }
  }
  expect(failures).toEqual([]);
});
