import type { ButtonHTMLAttributes } from 'react';

interface PendingButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** While true the button is disabled and shows a spinner beside its label. */
  pending: boolean;
}

/** Every button that starts a request: it cannot be pressed twice, and shows that work is under way. */
export function PendingButton({ pending, disabled, children, className, ...button }: PendingButtonProps) {
  return (
    <button className={`btn ${className ?? ''}`} disabled={pending || disabled} {...button}>
      {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
