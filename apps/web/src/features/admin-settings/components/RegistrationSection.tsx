import type { InstanceSettings, RegistrationMode } from '@cloudstash/contract';
import { useUpdateSettings } from '../api/settings';
import { ChoiceSettingSection, type SettingChoice } from './ChoiceSettingSection';

const MODES: SettingChoice<RegistrationMode>[] = [
  { value: 'open', label: 'Open', description: 'Anyone who can reach this instance may sign up.' },
  { value: 'invite', label: 'By invite', description: 'Only people with an invite link may sign up.' },
  { value: 'closed', label: 'Closed', description: 'Nobody may sign up, not even with an invite link.' },
];

export function RegistrationSection({ settings }: { settings: InstanceSettings }) {
  const update = useUpdateSettings();
  return (
    <ChoiceSettingSection
      title="Who may register"
      legend="Registration mode"
      name="registration"
      environmentVariable="REGISTRATION"
      fromEnvironment={settings.registrationSource === 'environment'}
      choices={MODES}
      saved={settings.registration}
      saving={update.isPending}
      onSave={(registration) => update.mutate({ registration })}
    />
  );
}
