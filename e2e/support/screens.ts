import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * What one screen check (two full-page screenshots and two axe scans) may take on a slow machine. It is added
 * to the test's own time limit, so a flow with several screen checks keeps the whole limit for its steps.
 */
const SCREEN_CHECK_BUDGET_MS = 20_000;

function describe(violations: Violation[], width: number): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      - ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join('\n');
      return `  [${width}px] ${v.impact} ${v.id}: ${v.help} (${v.nodes.length} element(s))\n${nodes}`;
    })
    .join('\n');
}

async function settle(page: Page): Promise<void> {
  // Let layout, fonts and one animation frame settle after a resize, and let every animation that ends in time
  // (a toast sliding in or fading out) end: axe blends a half-faded element's colours and reports a contrast
  // that no one sees once it stops. Endless ones (a spinner) and those driven by scrolling rather than time
  // (the theme's page-has-scroll marker, which ends only at the bottom of the page) are left running; the
  // bound keeps a paused animation from holding the check.
  await page.evaluate(async () => {
    await document.fonts.ready;
    const ending = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return (
        animation.timeline === document.timeline &&
        animation.playState === 'running' &&
        typeof end === 'number' &&
        Number.isFinite(end)
      );
    });
    const finished = Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 2000))]);
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
}

/**
 * The serious and critical violations of a still screen. A toast may start to fade out during a scan (a
 * success toast lasts two seconds, a slow machine's scan longer): a screen that fails is let settle and
 * scanned once more, so what is reported is what stays on screen.
 */
export async function blockingViolations(page: Page): Promise<Violation[]> {
  const scan = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
  const first = await scan();
  if (!first.length) return first;
  await settle(page);
  return scan();
}

/**
 * Checks one screen as a person on a phone and on a desktop sees it: a full-page screenshot at 375 px and
 * at 1280 px (test-results/screens/<screen>-<width>.png, attached to the report), and an axe scan at each
 * width. Serious or critical axe violations fail the test (softly, so the rest of the flow still runs
 * and reports); the message lists them.
 *
 * Call it once the screen shows what it is about (assert its heading first).
 */
export async function checkScreen(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  // A limit of 0 means none (a debugging run): leave it so.
  if (testInfo.timeout > 0) testInfo.setTimeout(testInfo.timeout + SCREEN_CHECK_BUDGET_MS);
  const dir = join(testInfo.project.outputDir, 'screens');
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  const problems: string[] = [];
  try {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await settle(page);
      const path = join(dir, `${screen}-${size.width}.png`);
      await page.screenshot({ path, fullPage: true, animations: 'disabled' });
      await testInfo.attach(`${screen}-${size.width}`, { path, contentType: 'image/png' });

      const blocking = await blockingViolations(page);
      if (blocking.length) problems.push(describe(blocking, size.width));
    }
  } finally {
    await page.setViewportSize(original);
  }
  expect
    .soft(problems.length, `axe found serious/critical violations on "${screen}":\n${problems.join('\n')}\n`)
    .toBe(0);
}
