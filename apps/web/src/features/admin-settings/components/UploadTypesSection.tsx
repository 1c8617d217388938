import type { InstanceSettings, UploadTypesMode } from '@cloudstash/contract';
import { useUpdateSettings } from '../api/settings';
import { ChoiceSettingSection, type SettingChoice } from './ChoiceSettingSection';

const MODES: SettingChoice<UploadTypesMode>[] = [
  {
    value: 'media',
    label: 'Media only',
    description: 'Images (JPEG, PNG, GIF, WebP), videos (MP4, MOV, WebM), PDF and plain text.',
  },
  {
    value: 'any',
    label: 'Any file',
    description:
      'Every type of file. Files other than those above are only ever downloaded, never opened in the browser.',
  },
];

export function UploadTypesSection({ settings }: { settings: InstanceSettings }) {
  const update = useUpdateSettings();
  return (
    <ChoiceSettingSection
      title="Which files may be uploaded"
      legend="Allowed upload types"
      name="allowedUploadTypes"
      environmentVariable="ALLOWED_UPLOAD_TYPES"
      fromEnvironment={settings.allowedUploadTypesSource === 'environment'}
      choices={MODES}
      saved={settings.allowedUploadTypes}
      saving={update.isPending}
      onSave={(allowedUploadTypes) => update.mutate({ allowedUploadTypes })}
    />
  );
}
