import { useId } from 'react';
import { copyWithToast } from '../lib/clipboard';

interface CopyFieldProps {
  label: string;
  value: string;
  /** What the toast names when copied ("Token copied to clipboard"). */
  what: string;
}

/** A value shown once (a token, a reset or invite link, a secret): read-only, selectable, with a Copy button. */
export function CopyField({ label, value, what }: CopyFieldProps) {
  const id = useId();
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend text-sm">
        {label}
      </label>
      <div className="join w-full">
        <input
          id={id}
          className="input join-item w-full font-mono text-sm"
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="btn join-item btn-outline"
          onClick={() => void copyWithToast(value, what)}
          aria-label={`Copy ${label.toLowerCase()}`}
        >
          Copy
        </button>
      </div>
    </div>
  );
}
