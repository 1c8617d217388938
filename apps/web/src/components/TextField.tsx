import { useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's fixed hint, always shown under the field; it turns red when the field is invalid. */
  hint?: string;
  /** What is wrong now (from the contract's schema or the server's details); replaces the hint's colour. */
  error?: string;
}

export function TextField({ label, hint, error, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error && error !== hint ? errorId : null]
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
        <p id={hintId} className={`text-xs ${error ? 'text-error' : 'text-base-content/70'}`}>
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
