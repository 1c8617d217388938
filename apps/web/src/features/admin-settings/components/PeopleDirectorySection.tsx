import type { InstanceSettings, PeopleDirectoryMode } from '@cloudstash/contract';
import { useUpdateSettings } from '../api/settings';
import { ChoiceSettingSection, type SettingChoice } from './ChoiceSettingSection';

const MODES: SettingChoice<PeopleDirectoryMode>[] = [
  {
    value: 'connected',
    label: 'People they work with',
    description:
      'Someone sharing finds the people in their groups and those who share with them by name or email; anyone else only by typing their full email address.',
  },
  {
    value: 'everyone',
    label: 'Everyone on this instance',
    description: 'Typing the start of any name or email finds any account.',
  },
];

export function PeopleDirectorySection({ settings }: { settings: InstanceSettings }) {
  const update = useUpdateSettings();
  return (
    <ChoiceSettingSection
      title="Who can be found when sharing"
      legend="Who can be found when sharing"
      name="peopleDirectory"
      about="What the share dialog suggests as someone types a name."
      choices={MODES}
      saved={settings.peopleDirectory}
      saving={update.isPending}
      onSave={(peopleDirectory) => update.mutate({ peopleDirectory })}
    />
  );
}
