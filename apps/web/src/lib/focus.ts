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
 * Focus on a file's row (its name link, in whichever of the table or the cards is displayed); the screen's
 * heading when that row is not shown.
 */
export function focusFileRow(fileId: string | null): void {
  const links = fileId
    ? [...document.querySelectorAll<HTMLElement>(`#main a[href="/dashboard/file/${CSS.escape(fileId)}"]`)]
    : [];
  const shown = links.find((link) => link.tabIndex >= 0 && link.getClientRects().length > 0);
  if (shown) shown.focus();
  else focusScreenHeading();
}
