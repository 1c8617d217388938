import { useId } from 'react';
import { formatWhen } from '../lib/date-time';

const DAY_MS = 86_400_000;

const PRESETS = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: 'never', label: 'Never' },
  { value: 'custom', label: 'Date and time…' },
] as const;

/** What the Expires field holds: days from now, never, a date picked, or (editing) the expiry already set. */
export type ExpiryChoice = (typeof PRESETS)[number]['value'] | 'keep';

/**
 * The expiry a choice stands for: an ISO date, null for none, undefined to leave it as it is ('keep', or a
 * custom date not filled in). A new link sends `?? undefined`; a change sends it as it is (null removes one).
 */
export function expiresAtOf(choice: ExpiryChoice, custom: string): string | null | undefined {
  if (choice === 'keep') return undefined;
  if (choice === 'never') return null;
  if (choice === 'custom') return custom ? new Date(custom).toISOString() : undefined;
  return new Date(Date.now() + Number(choice) * DAY_MS).toISOString();
}

interface ExpiryFieldProps {
  choice: ExpiryChoice;
  onChoice: (choice: ExpiryChoice) => void;
  /** The datetime-local value used when the choice is 'custom'. */
  custom: string;
  onCustom: (value: string) => void;
  /** Editing: the expiry the link has now (null: none), offered first to keep. */
  current?: string | null;
}

/** A link's expiry: a few presets, never, or a date and time of the person's choosing. */
export function ExpiryField({ choice, onChoice, custom, onCustom, current }: ExpiryFieldProps) {
  const selectId = useId();
  const customId = useId();
  return (
    <>
      <div className="fieldset">
        <label htmlFor={selectId} className="fieldset-legend text-sm">
          Expires
        </label>
        <select
          id={selectId}
          className="select w-full"
          value={choice}
          onChange={(event) => onChoice(event.target.value as ExpiryChoice)}
        >
          {current !== undefined && <option value="keep">{`As now: ${formatWhen(current, 'never')}`}</option>}
          {PRESETS.map((preset) => (
            <option key={preset.value} value={preset.value}>
              {preset.label}
            </option>
          ))}
        </select>
      </div>
      {choice === 'custom' && (
        <div className="fieldset">
          <label htmlFor={customId} className="fieldset-legend text-sm">
            Expiry date and time
          </label>
          <input
            id={customId}
            type="datetime-local"
            className="input w-full"
            value={custom}
            onChange={(event) => onCustom(event.target.value)}
            required
          />
        </div>
      )}
    </>
  );
}
