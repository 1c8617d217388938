import type { InstanceSettings, RegistrationMode } from '@cloudstash/contract';
import { SectionCard } from '../../../components/SectionCard';
import { useUpdateSettings } from '../api/settings';

const MODES: { mode: RegistrationMode; label: string; description: string }[] = [
  { mode: 'open', label: 'Open', description: 'Anyone who can reach this instance may sign up.' },
  { mode: 'invite', label: 'By invite', description: 'Only people with an invite link may sign up.' },
  { mode: 'closed', label: 'Closed', description: 'Nobody may sign up, not even with an invite link.' },
];

export function RegistrationSection({ settings }: { settings: InstanceSettings }) {
  const update = useUpdateSettings();
  // The choice shows at once while it is saved; a refusal puts the saved one back.
  const shown = (update.isPending && update.variables.registration) || settings.registration;
  return (
    <SectionCard
      title="Who may register"
      description={
        settings.registrationSource === 'environment'
          ? 'Set by the server environment (REGISTRATION) until you choose here.'
          : 'Chosen here; this overrides the server environment.'
      }
    >
      <fieldset className="flex flex-col gap-2" disabled={update.isPending}>
        <legend className="sr-only">Registration mode</legend>
        {MODES.map(({ mode, label, description }) => (
          <label key={mode} className="flex cursor-pointer items-start gap-3 rounded-box bg-base-200 p-3">
            <input
              type="radio"
              name="registration"
              className="radio radio-primary mt-0.5"
              checked={shown === mode}
              onChange={() => update.mutate({ registration: mode })}
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
