import type { ButtonHTMLAttributes } from 'react';

interface PendingButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** While true the button is disabled and shows a spinner beside its label. */
  pending: boolean;
}

/**
 * A form or dialog button that starts a request (Login, Register, Upload File, Save, the confirm dialog's
 * Delete, Load more): disabled while pending, so it cannot be pressed again, with a spinner before its label.
 * Download shows its spinner in place of its icon, and Logout is a menu item, so both keep their own buttons.
 */
export function PendingButton({ pending, disabled, children, className, ...button }: PendingButtonProps) {
  return (
    <button className={`btn ${className ?? ''}`} disabled={pending || disabled} {...button}>
      {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
