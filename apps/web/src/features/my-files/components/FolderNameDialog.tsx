import { useId, useState, type FormEvent } from 'react';
import { FOLDER_MESSAGES, FOLDER_NAME_MAX_LENGTH } from '@cloudstash/contract';
import { Dialog } from '../../../components/ConfirmDialog';
import { PendingButton } from '../../../components/PendingButton';
import { TextField } from '../../../components/TextField';
import { messageOf } from '../../../api/api-client';

interface FolderNameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  pending: boolean;
  /** Resolves once saved; a refusal (a taken name, a character a folder cannot have) stays in the dialog. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** New folder and Rename: one name, checked by the server, whose refusal is said under the field. */
export function FolderNameDialog({
  open,
  title,
  submitLabel,
  initialName = '',
  pending,
  onSubmit,
  onClose,
}: FolderNameDialogProps) {
  const formId = useId();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(FOLDER_MESSAGES.nameRequired);
      return;
    }
    onSubmit(name.trim()).then(onClose, (failure: unknown) =>
      setError(messageOf(failure, 'The folder could not be saved')),
    );
  };

  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <PendingButton type="submit" form={formId} className="btn-primary" pending={pending}>
            {submitLabel}
          </PendingButton>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label="Folder name"
          name="folder-name"
          required
          autoFocus
          maxLength={FOLDER_NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
          error={error}
        />
      </form>
    </Dialog>
  );
}
