import { flushSync } from 'react-dom';

/** The form the focused control belongs to: the one being submitted by Enter or by its button. */
function focusedForm(): HTMLFormElement | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active && 'form' in active ? ((active as HTMLInputElement).form ?? null) : null;
}

/**
 * Shows a form's errors and moves focus to its first invalid field, so a screen reader reads that field with
 * its error (focus left on the button would say nothing). The errors are rendered first so the field is
 * marked invalid before it is looked for.
 */
export function showErrorsAndFocus(
  showErrors: () => void,
  form: HTMLFormElement | null = focusedForm(),
): void {
  flushSync(showErrors);
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** The screen's h1, made focusable, takes focus (the place to land when the control used is gone). */
export function focusScreenHeading(): void {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * The first of `candidates` that is displayed and focusable takes focus (a row is drawn twice, as a table row
 * and as a phone's card, and only one is displayed); the screen's heading when none is.
 */
export function focusShownOrHeading(candidates: Iterable<HTMLElement>): void {
  const shown = [...candidates].find(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
  if (shown) shown.focus();
  else focusScreenHeading();
}

/**
 * Focus on a file's row (its name link, in whichever of the table or the cards is displayed); the screen's
 * heading when that row is not shown.
 */
export function focusFileRow(fileId: string | null): void {
  const selector = fileId ? `#main a[href="/dashboard/file/${CSS.escape(fileId)}"]` : null;
  focusShownOrHeading(selector ? document.querySelectorAll<HTMLElement>(selector) : []);
}

/** Focus on the row whose controls carry `data-{name}="{id}"`; the screen's heading when it is not shown. */
export function focusRowByData(name: string, id: string | null): void {
  const controls = id ? [...document.querySelectorAll<HTMLElement>(`#main [data-${name}]`)] : [];
  focusShownOrHeading(controls.filter((control) => control.getAttribute(`data-${name}`) === id));
}
