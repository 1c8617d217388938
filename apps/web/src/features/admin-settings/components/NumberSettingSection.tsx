import { useId, useState } from 'react';
import { PendingButton } from '../../../components/PendingButton';
import { SectionCard } from '../../../components/SectionCard';
import { TextField } from '../../../components/TextField';

interface NumberSettingProps {
  title: string;
  /** The environment variable that sets it until an administrator chooses here. */
  envName: string;
  /** Where the value in force comes from; undefined while it loads. */
  source: 'database' | 'environment' | undefined;
  value: number | undefined;
  label: string;
  name: string;
  max: number;
  /** The contract's text for a value out of range, shown under the field. */
  invalidMessage: string;
  /** What the number means (e.g. what 0 does), under the field and its Save button. */
  hint?: string;
  /**
   * The Save button's full name for a screen reader, when the screen has other Save buttons (it starts with
   * the visible 'Save'); the first such card on a screen keeps the plain name.
   */
  saveName?: string;
  pending: boolean;
  onSave: (value: number) => void;
}

/** Whole numbers from 0 to `max`; anything else is null (and explained under the field). */
export function parseWhole(text: string, max: number): number | null {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= max ? value : null;
}

/**
 * One whole-number instance setting in its own card (how many versions a file keeps, how long Trash keeps
 * deleted items): its value, where that comes from, and Save.
 */
export function NumberSettingSection({ title, envName, source, value, ...field }: NumberSettingProps) {
  return (
    <SectionCard
      title={title}
      description={
        source === 'database'
          ? 'Chosen here; this overrides the server environment.'
          : `Set by the server environment (${envName}) until you choose here.`
      }
    >
      {value !== undefined && <NumberSettingForm key={value} value={value} {...field} />}
    </SectionCard>
  );
}

type FormProps = Omit<NumberSettingProps, 'title' | 'envName' | 'source' | 'value'> & { value: number };

function NumberSettingForm({
  value,
  label,
  name,
  max,
  invalidMessage,
  hint,
  saveName,
  pending,
  onSave,
}: FormProps) {
  const [text, setText] = useState(String(value));
  const hintId = useId();
  const parsed = parseWhole(text, max);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (parsed !== null) onSave(parsed);
      }}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-56">
          <TextField
            label={label}
            name={name}
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            value={text}
            onChange={(event) => setText(event.target.value)}
            describedBy={hint ? hintId : undefined}
            error={parsed === null ? invalidMessage : undefined}
          />
        </div>
        <PendingButton
          type="submit"
          className="btn-primary"
          pending={pending}
          disabled={parsed === null}
          aria-label={saveName}
        >
          Save
        </PendingButton>
      </div>
      {/* Beside the row rather than inside the field, so that Save lines up with the input. */}
      {hint && (
        <p id={hintId} className="text-sm text-base-content/80">
          {hint}
        </p>
      )}
    </form>
  );
}
