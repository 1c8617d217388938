import { MAX_VERSIONS_KEEP, VERSION_MESSAGES } from '@cloudstash/contract';
import { useUpdateVersionSettings, useVersionSettings } from '../api/settings';
import { NumberSettingSection } from './NumberSettingSection';

/** How many earlier versions each file keeps when its bytes are replaced (VERSIONS_KEEP until set here). */
export function VersionsSection() {
  const { data: settings } = useVersionSettings();
  const update = useUpdateVersionSettings();
  return (
    <NumberSettingSection
      title="File versions"
      envName="VERSIONS_KEEP"
      source={settings?.versionsKeepSource}
      value={settings?.versionsKeep}
      label="Earlier versions kept per file"
      name="versionsKeep"
      max={MAX_VERSIONS_KEEP}
      invalidMessage={VERSION_MESSAGES.versionsKeepInvalid}
      pending={update.isPending}
      onSave={(versionsKeep) => update.mutate({ versionsKeep })}
    />
  );
}
