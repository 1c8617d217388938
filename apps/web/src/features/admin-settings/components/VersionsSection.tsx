import { useState } from 'react';
import { MAX_VERSIONS_KEEP, VERSION_MESSAGES, type VersionSettings } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { SectionCard } from '../../../components/SectionCard';
import { TextField } from '../../../components/TextField';
import { useUpdateVersionSettings, useVersionSettings } from '../api/settings';

/** Whole numbers from 0 to the most an instance may keep; anything else is explained under the field. */
function parseKeep(text: string): number | null {
  const keep = Number(text);
  return text.trim() !== '' && Number.isInteger(keep) && keep >= 0 && keep <= MAX_VERSIONS_KEEP ? keep : null;
}

/** How many earlier versions each file keeps when its bytes are replaced (VERSIONS_KEEP until set here). */
export function VersionsSection() {
  const { data: settings } = useVersionSettings();
  return (
    <SectionCard
      title="File versions"
      description={
        settings?.versionsKeepSource === 'database'
          ? 'Chosen here; this overrides the server environment.'
          : 'Set by the server environment (VERSIONS_KEEP) until you choose here.'
      }
    >
      {settings && <VersionsForm key={settings.versionsKeep} settings={settings} />}
    </SectionCard>
  );
}

function VersionsForm({ settings }: { settings: VersionSettings }) {
  const update = useUpdateVersionSettings();
  const [keepText, setKeepText] = useState(String(settings.versionsKeep));
  const keep = parseKeep(keepText);
  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (keep !== null) update.mutate({ versionsKeep: keep });
      }}
    >
      <div className="sm:w-56">
        <TextField
          label="Earlier versions kept per file"
          name="versionsKeep"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_VERSIONS_KEEP}
          value={keepText}
          onChange={(event) => setKeepText(event.target.value)}
          error={keep === null ? VERSION_MESSAGES.versionsKeepInvalid : undefined}
        />
      </div>
      <PendingButton
        type="submit"
        className="btn-primary"
        pending={update.isPending}
        disabled={keep === null}
      >
        Save
      </PendingButton>
    </form>
  );
}
