import { SectionCard } from '../../../components/SectionCard';

export interface SettingChoice<T extends string> {
  value: T;
  label: string;
  description: string;
}

/**
 * An instance setting chosen among a few values with radio cards, saved as soon as one is picked. It says
 * whether the server environment still decides the value (`environmentVariable`) or this screen does.
 */
export function ChoiceSettingSection<T extends string>({
  title,
  legend,
  name,
  environmentVariable,
  fromEnvironment,
  choices,
  chosen,
  saving,
  onChoose,
}: {
  title: string;
  legend: string;
  name: string;
  environmentVariable: string;
  fromEnvironment: boolean;
  choices: readonly SettingChoice<T>[];
  chosen: T;
  saving: boolean;
  onChoose: (value: T) => void;
}) {
  return (
    <SectionCard
      title={title}
      description={
        fromEnvironment
          ? `Set by the server environment (${environmentVariable}) until you choose here.`
          : 'Chosen here; this overrides the server environment.'
      }
    >
      <fieldset className="flex flex-col gap-2" disabled={saving}>
        <legend className="sr-only">{legend}</legend>
        {choices.map(({ value, label, description }) => (
          <label key={value} className="flex cursor-pointer items-start gap-3 rounded-box bg-base-200 p-3">
            <input
              type="radio"
              name={name}
              className="radio radio-primary mt-0.5"
              checked={chosen === value}
              onChange={() => onChoose(value)}
            />
            <span>
              <span className="block font-medium">{label}</span>
              <span className="block text-sm text-base-content/80">{description}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </SectionCard>
  );
}
