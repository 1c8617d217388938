import { useId, useState, type FormEvent } from 'react';
import { GROUP_MESSAGES, GROUP_NAME_MAX_LENGTH, type Group } from '@cloudstash/contract';
import { Dialog } from '../../../components/ConfirmDialog';
import { PendingButton } from '../../../components/PendingButton';
import { TextField } from '../../../components/TextField';
import { messageOf } from '../../../api/api-client';
import { useRenameGroup } from '../api/groups';

interface GroupNameDialogProps {
  /** The group being renamed; null while the dialog is closed (the dialog stays mounted, for focus to return). */
  group: Group | null;
  onClose: () => void;
}

/** Rename a group; the server's refusal (a name another group has) stays under the field. */
export function GroupNameDialog({ group, onClose }: GroupNameDialogProps) {
  const rename = useRenameGroup();
  const formId = useId();
  const save = (name: string) => rename.mutateAsync({ id: group!._id, name });
  return (
    <Dialog
      open={group !== null}
      title="Rename Group"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <PendingButton type="submit" form={formId} className="btn-primary" pending={rename.isPending}>
            Rename
          </PendingButton>
        </>
      }
    >
      {/* Keyed by group: each opening starts from that group's name, with no old refusal. */}
      {group && (
        <GroupNameForm key={group._id} id={formId} initial={group.name} onSave={save} onDone={onClose} />
      )}
    </Dialog>
  );
}

interface GroupNameFormProps {
  id: string;
  initial: string;
  onSave: (name: string) => Promise<unknown>;
  onDone: () => void;
}

function GroupNameForm({ id, initial, onSave, onDone }: GroupNameFormProps) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(GROUP_MESSAGES.nameRequired);
      return;
    }
    onSave(name.trim()).then(onDone, (failure: unknown) =>
      setError(messageOf(failure, 'Failed to rename the group')),
    );
  };
  return (
    <form id={id} onSubmit={submit} noValidate>
      <TextField
        label="Group name"
        name="group-name"
        required
        autoFocus
        maxLength={GROUP_NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
    </form>
  );
}
