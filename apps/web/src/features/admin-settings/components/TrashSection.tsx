import { MAX_TRASH_RETENTION_DAYS, TRASH_MESSAGES } from '@cloudstash/contract';
import { useTrashSettings, useUpdateTrashSettings } from '../api/settings';
import { NumberSettingSection } from './NumberSettingSection';

/** How many days deleted items stay in their owner's Trash (TRASH_RETENTION_DAYS until set here; 0: none). */
export function TrashSection() {
  const { data: settings } = useTrashSettings();
  const update = useUpdateTrashSettings();
  return (
    <NumberSettingSection
      title="Trash"
      envName="TRASH_RETENTION_DAYS"
      source={settings?.trashRetentionDaysSource}
      value={settings?.trashRetentionDays}
      label="Days in Trash"
      name="trashRetentionDays"
      max={MAX_TRASH_RETENTION_DAYS}
      invalidMessage={TRASH_MESSAGES.retentionInvalid}
      hint="0 means a delete is final: nothing goes to Trash."
      saveName="Save Days in Trash"
      pending={update.isPending}
      onSave={(trashRetentionDays) => update.mutate({ trashRetentionDays })}
    />
  );
}
