import { useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /**
   * The field's fixed hint, always shown under the field in its normal colour; red only when it is itself the
   * error (a blank required field whose hint is 'Name is required').
   */
  hint?: string;
  /** What is wrong now (from the contract's schema or the server's details), in red under the hint. */
  error?: string;
  /** The id of a text elsewhere on the screen that also describes the field (read after the hint). */
  describedBy?: string;
}

export function TextField({
  label,
  hint,
  error,
  describedBy: alsoDescribedBy,
  className,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [
    hint ? hintId : null,
    alsoDescribedBy ?? null,
    error && error !== hint ? errorId : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend text-sm">
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className={`text-xs ${error === hint ? 'text-error' : 'text-base-content/90'}`}>
          {hint}
        </p>
      )}
      {error && error !== hint && (
        <p id={errorId} className="text-xs text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
