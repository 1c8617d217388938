import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { DARK_THEMES, LIGHT_THEMES } from '@cloudstash/contract';
import type { Page } from '@playwright/test';

// What a screen must give a person in whatever theme they chose: text 4.5:1 against what it sits on (axe's
// colour rules), and the parts that show where a control is, what state it is in and where focus is 3:1.

/** The spec's 29 themes, light then dark. */
export const THEMES = [...LIGHT_THEMES, ...DARK_THEMES];

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the whole of what the app promises. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's rules that read colours, run again under every theme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

function described(results: AxeResults, where: string): string[] {
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${where}: ${violation.id} ${node.target.join(' ')}: ${
          node.any[0]?.message ?? node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help
        }`,
    ),
  );
}

/** Every WCAG A/AA violation axe finds on the page as it is now (frames included), one line each. */
export async function wcagFailures(page: Page, where: string): Promise<string[]> {
  return described(await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).analyze(), where);
}

/**
 * Under each of `themes` in turn: axe's colour rules, and the 3:1 (non-text contrast) of what shows a control and
 * its state: the borders of fields, checkboxes, radios, toggles and drop areas, the fill of a checked one and its
 * mark, and the focus ring of a primary button and of a field, each against the background it sits on (the
 * nearest ancestor with an opaque background).
 *
 * The page is re-coloured in place, as the Change Theme screen does (daisyUI follows `data-theme` on <html>),
 * with the colour transitions that starts ended at once, so what is measured is what the theme finally shows.
 * axe is put into the page once and the whole loop runs inside it: a screen is measured under 29 themes without
 * being loaded again or a round trip per theme. The page is given back in the theme it had.
 */
export async function themeFailures(page: Page, where: string, themes: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // A key press makes the browser treat the focus moves below as keyboard focus, which draws the rings.
  await page.keyboard.press('Shift');
  return page.evaluate(measureInPage, { where, themes, rules: COLOUR_RULES });
}

/** Runs inside the page (serialised by Playwright: everything it uses is declared in it). */
async function measureInPage({
  where,
  themes,
  rules,
}: {
  where: string;
  themes: readonly string[];
  rules: string[];
}) {
  const engine = (window as unknown as { axe: typeof axe }).axe;
  const paint = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  /** The sRGB pixel of `colours` painted one over another, as the screen blends them. */
  const pixel = (...colours: string[]) => {
    paint.clearRect(0, 0, 1, 1);
    for (const colour of colours) {
      paint.fillStyle = colour;
      paint.fillRect(0, 0, 1, 1);
    }
    return [...paint.getImageData(0, 0, 1, 1).data];
  };
  const backgroundOf = (element: Element) => {
    for (let holder = element.parentElement; holder; holder = holder.parentElement) {
      const colour = getComputedStyle(holder).backgroundColor;
      if (pixel(colour)[3] === 255) return colour;
    }
    return getComputedStyle(document.documentElement).backgroundColor;
  };
  const luminance = ([r, g, b]: number[]) => {
    const linear = (v: number) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
  };
  const ratio = (colour: string, background: string) => {
    const [a, b] = [luminance(pixel(background, colour)), luminance(pixel(background))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  };
  // Behind an open modal dialog or drawer the page cannot be used, and the backdrop re-colours it.
  const modal = document.querySelector('dialog:modal');
  const shown = (element: Element) =>
    element.getClientRects().length > 0 &&
    getComputedStyle(element).visibility !== 'hidden' &&
    !element.closest('[inert]') &&
    (!modal || modal.contains(element));
  const name = (element: Element) => {
    const label =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      '';
    const classes = [...element.classList].slice(0, 3).join('.');
    return `${element.tagName.toLowerCase()}.${classes} "${label.trim().slice(0, 40)}"`;
  };
  const controls = [
    ...document.querySelectorAll(
      '.input, .select, .textarea, .file-input, .checkbox, .radio, .toggle, .border-dashed',
    ),
  ].filter(shown);
  const ringed = ['.btn-primary:not(:disabled)', '.input:not(:disabled)']
    .map((selector) => [...document.querySelectorAll<HTMLElement>(selector)].find(shown))
    .filter((element) => element !== undefined);
  const focusedBefore = document.activeElement as HTMLElement | null;

  const original = document.documentElement.getAttribute('data-theme') ?? '';
  const recolour = (theme: string) => {
    document.documentElement.setAttribute('data-theme', theme);
    // Reading a style makes the browser apply the new one now, which starts the transitions to finish.
    void getComputedStyle(document.body).color;
    for (const animation of document.getAnimations()) {
      if (animation instanceof CSSTransition) animation.finish();
    }
  };

  const failures: string[] = [];
  for (const theme of themes) {
    const at = `${where} in ${theme}`;
    recolour(theme);
    const results = await engine.run(document, {
      runOnly: { type: 'rule', values: rules },
      resultTypes: ['violations'],
    });
    for (const violation of results.violations) {
      for (const node of violation.nodes) {
        failures.push(
          `${at}: ${violation.id} ${node.target.join(' ')}: ${node.any[0]?.message ?? violation.help}`,
        );
      }
    }
    const check = (what: string, element: Element, colour: string, background = backgroundOf(element)) => {
      const value = ratio(colour, background);
      if (value < 3) failures.push(`${at}: ${what} of ${name(element)} ${value.toFixed(2)}:1`);
    };
    for (const element of controls) {
      const style = getComputedStyle(element);
      if (parseFloat(style.borderTopWidth) > 0) check('border', element, style.borderTopColor);
      if ((element as HTMLInputElement).checked && element.matches('.checkbox')) {
        check('checked fill', element, style.backgroundColor);
        // The tick is drawn in the checkbox's text colour on its fill.
        check('tick', element, style.color, style.backgroundColor);
      }
    }
    for (const target of ringed) {
      target.focus({ preventScroll: true });
      const style = getComputedStyle(target);
      if (target.matches(':focus-visible') && style.outlineStyle !== 'none') {
        check('focus ring', target, style.outlineColor);
      }
    }
  }
  recolour(original);
  if (focusedBefore && focusedBefore !== document.body) focusedBefore.focus({ preventScroll: true });
  else (document.activeElement as HTMLElement | null)?.blur();
  return failures;
}
