import type { Page } from '@playwright/test';

/** The phone widths a screen must fit without anything reaching past its right edge. */
export const PHONE_WIDTHS = [320, 360, 375, 390] as const;

/**
 * Every visible element of the page that reaches past an edge of the screen, described, and the page's own
 * scroll width when it is wider than the screen. Nothing may: a page that clips its overflow hides the cut-off
 * part from a person instead of showing it.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    // The page clips sideways overflow (html and body): measured without that clip, it must still fit.
    const clipped = [document.documentElement, document.body];
    for (const el of clipped) el.style.overflowX = 'visible';
    const scrollWidth = document.documentElement.scrollWidth;
    for (const el of clipped) el.style.overflowX = '';
    if (scrollWidth > window.innerWidth) {
      found.push(`the page scrolls ${scrollWidth} px wide in ${window.innerWidth}`);
    }
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Inside a box that scrolls sideways on purpose (a wide table's wrapper), reaching past is fine.
      if (el.closest('.overflow-x-auto, .drawer-side')) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if (box.right > width + 0.5 || box.left < -0.5) {
        found.push(
          `${el.tagName.toLowerCase()}.${el.className.toString().split(' ').slice(0, 4).join('.')} ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`,
        );
      }
    }
    return found.slice(0, 8);
  });
}
