import { expect, type Locator, type Page, type Request } from '@playwright/test';
import type { Fixture } from './files';

/** Matches a page URL whose path is exactly `path` (any query or hash). */
export function atPath(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`^https?://[^/]+${escaped}/?(?:[?#].*)?$`);
}

/**
 * The values shown beside a label on a tile or a details card ("Total Files" -> ["3"]).
 *
 * Tiles are found by what a person reads: the visible element whose text is exactly `label` (outside
 * tables, menus and form controls), then the smallest box around it that shows more than the label.
 * Every other line of that box is a candidate value, so callers assert with toContain.
 */
export async function figureValues(scope: Page | Locator, label: string): Promise<string[]> {
  const root: Locator = 'goto' in scope ? scope.locator('body') : scope;
  return root.evaluate((rootEl, wanted) => {
    const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
    const visible = (el: Element) => (el as HTMLElement).getClientRects().length > 0;
    const excluded =
      'table, thead, select, option, nav, button, a, label, [role="columnheader"], [role="menu"]';
    const labels = [...rootEl.querySelectorAll('*')].filter(
      (el) =>
        norm(el.textContent ?? '') === wanted &&
        visible(el) &&
        !el.closest(excluded) &&
        ![...el.children].some((child) => norm(child.textContent ?? '') === wanted),
    );
    const values: string[] = [];
    for (const labelEl of labels) {
      let box = labelEl.parentElement;
      while (box && norm((box as HTMLElement).innerText ?? '') === wanted) box = box.parentElement;
      if (!box) continue;
      const lines = ((box as HTMLElement).innerText ?? '').split('\n').map(norm).filter(Boolean);
      let labelSeen = false;
      for (const line of lines) {
        if (!labelSeen && line === wanted) {
          labelSeen = true;
          continue;
        }
        if (!labelSeen && line.startsWith(wanted)) {
          labelSeen = true;
          const rest = norm(line.slice(wanted.length).replace(/^\s*:/, ''));
          if (rest) values.push(rest);
          continue;
        }
        values.push(line.replace(/^:\s*/, ''));
      }
      // Also each text node on its own, for values laid out inline beside their label.
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = norm(node.textContent ?? '').replace(/^:\s*/, '');
        if (text && text !== wanted && !labelEl.contains(node)) values.push(text);
      }
    }
    return [...new Set(values)];
  }, label);
}

/** Waits until the tile or detail labelled `label` shows `value`. */
export async function expectFigure(scope: Page | Locator, label: string, value: string): Promise<void> {
  await expect
    .poll(() => figureValues(scope, label), { message: `"${label}" shows ${value}` })
    .toContain(value);
}

/** A label inside the page's main content (tiles are absent on an empty "My Files"). */
export function labelText(page: Page, label: string): Locator {
  return page.getByRole('main').getByText(label, { exact: true });
}

/** Data rows of the (first) table on the page, header excluded. */
export function dataRows(page: Page | Locator): Locator {
  return page.locator('tbody tr');
}

/** The data row that mentions `text`. */
export function rowWith(page: Page | Locator, text: string): Locator {
  return dataRows(page).filter({ hasText: text });
}

/** The order in which the given names appear in `items` (names missing from them are left out). */
export async function orderOf(items: Locator, names: string[]): Promise<string[]> {
  const texts = await items.allInnerTexts();
  const order: string[] = [];
  for (const text of texts) {
    // Longest first so that "report" does not claim the row of "report-2".
    const match = [...names].sort((a, b) => b.length - a.length).find((n) => text.includes(n));
    if (match && !order.includes(match)) order.push(match);
  }
  return order;
}

/** The order in which the given names appear in the table's rows. */
export async function orderInTable(page: Page, names: string[]): Promise<string[]> {
  return orderOf(dataRows(page), names);
}

/** Expects `target` to be on screen and wholly inside the viewport's width (not cut off or scrolled away). */
export async function expectWithinWidth(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'element has a box').not.toBeNull();
  expect(box!.x, 'left edge on screen').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `right edge within ${width}px`).toBeLessThanOrEqual(width);
}

/** A toast (react-hot-toast renders role=status) or any text on screen carrying `message`. */
export function toast(page: Page, message: string | RegExp): Locator {
  return page.getByText(message, { exact: typeof message === 'string' }).first();
}

/** Records every request to the upload endpoint, to prove nothing was sent. */
export function watchUploads(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/files/upload')) sent.push(request);
  });
  return sent;
}

/**
 * Drops files onto `target` the way a browser does: dragenter, dragover and drop events carrying a
 * DataTransfer built inside the page with real File objects.
 */
export async function dropFiles(page: Page, target: Locator, files: Fixture[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, type: f.mimeType, base64: f.bytes.toString('base64') }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const dt = new DataTransfer();
    for (const item of items) {
      const binary = atob(item.base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      dt.items.add(new File([bytes], item.name, { type: item.type }));
    }
    return dt;
  }, payload);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  await dataTransfer.dispose();
}

/**
 * Opens the signed-in menu ('Welcome, {name}' in the navigation bar) unless it is open, then follows `link`
 * (a link, or the Logout button) inside it.
 */
export async function openMenuLink(page: Page, name: string, link: string): Promise<void> {
  const opener = page.getByRole('button', { name: `Welcome, ${name}` });
  if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
  const menu = page.getByRole('navigation', { name: 'Dashboard navigation' });
  await menu.getByRole(link === 'Logout' ? 'button' : 'link', { name: link, exact: true }).click();
}

/** The cell of `row` under the column headed `column` (sort arrows ignored). */
export async function cellUnder(page: Page, row: Locator, column: string): Promise<Locator> {
  const headers = await page.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((h) => h.replace(/[▲▼↕]/g, '').trim() === column);
  if (index < 0) throw new Error(`no column "${column}" among: ${headers.join(' | ')}`);
  return row.getByRole('cell').nth(index);
}
