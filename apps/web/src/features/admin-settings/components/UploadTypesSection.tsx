import type { InstanceSettings, UploadTypesMode } from '@cloudstash/contract';
import { SectionCard } from '../../../components/SectionCard';
import { useUpdateSettings } from '../api/settings';

const MODES: { mode: UploadTypesMode; label: string; description: string }[] = [
  {
    mode: 'media',
    label: 'Media only',
    description: 'Images (JPEG, PNG, GIF, WebP), videos (MP4, MOV, WebM), PDF and plain text.',
  },
  {
    mode: 'any',
    label: 'Any file',
    description:
      'Every type of file. Files other than those above are only ever downloaded, never opened in the browser.',
  },
];

export function UploadTypesSection({ settings }: { settings: InstanceSettings }) {
  const update = useUpdateSettings();
  // The choice shows at once while it is saved; a refusal puts the saved one back.
  const shown = (update.isPending && update.variables.allowedUploadTypes) || settings.allowedUploadTypes;
  return (
    <SectionCard
      title="Which files may be uploaded"
      description={
        settings.allowedUploadTypesSource === 'environment'
          ? 'Set by the server environment (ALLOWED_UPLOAD_TYPES) until you choose here.'
          : 'Chosen here; this overrides the server environment.'
      }
    >
      <fieldset className="flex flex-col gap-2" disabled={update.isPending}>
        <legend className="sr-only">Allowed upload types</legend>
        {MODES.map(({ mode, label, description }) => (
          <label key={mode} className="flex cursor-pointer items-start gap-3 rounded-box bg-base-200 p-3">
            <input
              type="radio"
              name="allowedUploadTypes"
              className="radio radio-primary mt-0.5"
              checked={shown === mode}
              onChange={() => update.mutate({ allowedUploadTypes: mode })}
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
