import type { ButtonHTMLAttributes } from 'react';

interface PendingButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** While true the button is marked busy (it does nothing when pressed) and shows a spinner beside its label. */
  pending: boolean;
}

/**
 * A form or dialog button that starts a request (Login, Register, Upload File, Save, the confirm dialog's
 * Delete, Load more): while pending it cannot be pressed again, with a spinner before its label. It is marked
 * aria-disabled rather than disabled then, so it keeps focus: a disabled button drops focus to the page, and
 * the person pressing it would have to find their place again. Download shows its spinner in place of its
 * icon, and Logout is a menu item, so both keep their own buttons.
 */
export function PendingButton({
  pending,
  disabled,
  children,
  className,
  onClick,
  ...button
}: PendingButtonProps) {
  return (
    <button
      className={`btn ${className ?? ''}`}
      disabled={disabled}
      aria-disabled={pending || undefined}
      // A busy submit button still submits its form when pressed (or by Enter in a field): stopped here.
      onClick={(event) => {
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      {...button}
    >
      {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
