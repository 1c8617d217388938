import { GROUP_MESSAGES, GROUP_NAME_MAX_LENGTH, type Group } from '@cloudstash/contract';
import { NameDialog } from '../../../components/NameDialog';
import { useRenameGroup } from '../api/groups';

const GROUP_NAME = {
  label: 'Group name',
  name: 'group-name',
  maxLength: GROUP_NAME_MAX_LENGTH,
  requiredMessage: GROUP_MESSAGES.nameRequired,
  failedMessage: 'Failed to rename the group',
};

interface GroupNameDialogProps {
  /** The group being renamed; null while the dialog is closed (the dialog stays mounted, for focus to return). */
  group: Group | null;
  onClose: () => void;
}

/** Rename a group; the server's refusal (a name another group has) stays under the field. */
export function GroupNameDialog({ group, onClose }: GroupNameDialogProps) {
  const rename = useRenameGroup();
  return (
    <NameDialog
      open={group !== null}
      title="Rename Group"
      submitLabel="Rename"
      field={GROUP_NAME}
      initialName={group?.name}
      formKey={group?._id}
      pending={rename.isPending}
      onSubmit={(name) => rename.mutateAsync({ id: group!._id, name })}
      onClose={onClose}
    />
  );
}
