import type { ReactNode } from 'react';

/** Shown while data loads; role=status lets screen readers hear it without moving focus. */
export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-40 items-center justify-center gap-3 text-base-content/80">
      <span className="loading loading-spinner loading-lg" aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}

/** A screen-level failure text from the fixed catalogue in MESSAGES ("Failed to load public files", ...). */
export function ErrorState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div
      role="alert"
      className="alert alert-error alert-soft flex flex-col items-start gap-3 sm:flex-row sm:items-center"
    >
      <span className="font-medium">{message}</span>
      {children}
    </div>
  );
}

export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-box border border-dashed border-base-300 px-6 py-12 text-center">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-12 text-base-content/40"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
      </svg>
      <p className="text-lg font-medium">{message}</p>
      {children}
    </div>
  );
}

/**
 * The server's answer to a form (e.g. 'Invalid email or password'), beside the form: a toast disappears after
 * a few seconds and may never be read, this stays until the next attempt.
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="alert alert-error alert-soft text-sm">
      {message}
    </p>
  );
}
