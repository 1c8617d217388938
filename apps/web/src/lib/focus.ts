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
