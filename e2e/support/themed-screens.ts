import type { Page, TestInfo } from '@playwright/test';
import { checkScreen } from './screens';

/**
 * The screen's checks (screenshots at 375 and 1280 px, axe at both) in the theme it has (the default dark), then
 * re-coloured in place in a light theme, as the Change Theme screen does, so an open dialog stays open.
 */
export async function checkInBothThemes(page: Page, testInfo: TestInfo, screen: string) {
  const html = page.locator('html');
  const before = (await html.getAttribute('data-theme')) ?? 'dark';
  await checkScreen(page, testInfo, `${screen}-${before}`);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await checkScreen(page, testInfo, `${screen}-light`);
  await page.evaluate((theme) => document.documentElement.setAttribute('data-theme', theme), before);
}
