import { useState } from 'react';
import { SectionCard } from '../../../components/SectionCard';
import { SettingSaveForm } from './SettingSaveForm';

export interface SettingChoice<T extends string> {
  value: T;
  label: string;
  description: string;
}

/**
 * An instance setting chosen among a few values with radio cards, saved by its Save button (choosing alone
 * saves nothing). It says whether the server environment still decides the value (`environmentVariable`) or
 * this screen does; a setting no environment variable sets says what it is about instead (`about`).
 */
export function ChoiceSettingSection<T extends string>({
  title,
  legend,
  name,
  environmentVariable,
  fromEnvironment = false,
  about,
  choices,
  saved,
  saving,
  onSave,
}: {
  title: string;
  legend: string;
  name: string;
  environmentVariable?: string;
  fromEnvironment?: boolean;
  about?: string;
  choices: readonly SettingChoice<T>[];
  saved: T;
  saving: boolean;
  onSave: (value: T) => void;
}) {
  const [draft, setDraft] = useState<T | null>(null);
  const chosen = draft ?? saved;
  return (
    <SectionCard
      title={title}
      description={
        !environmentVariable
          ? about
          : fromEnvironment
            ? `Set by the server environment (${environmentVariable}) until you choose here.`
            : 'Chosen here; this overrides the server environment.'
      }
    >
      <SettingSaveForm
        saveName={`Save ${title.toLowerCase()}`}
        pending={saving}
        changed={chosen !== saved}
        onSave={() => onSave(chosen)}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{legend}</legend>
          {choices.map(({ value, label, description }) => (
            <label key={value} className="flex cursor-pointer items-start gap-3 rounded-box bg-base-200 p-3">
              <input
                type="radio"
                name={name}
                className="radio radio-primary mt-0.5"
                checked={chosen === value}
                onChange={() => setDraft(value)}
              />
              <span>
                <span className="block font-medium">{label}</span>
                <span className="block text-sm text-base-content/80">{description}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </SettingSaveForm>
    </SectionCard>
  );
}
