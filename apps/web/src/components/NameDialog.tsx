import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '../api/api-client';
import { Dialog } from './ConfirmDialog';
import { PendingButton } from './PendingButton';
import { TextField } from './TextField';

/** The one field a name dialog asks for, and what it says when the name is blank or refused. */
export interface NameField {
  label: string;
  name: string;
  maxLength: number;
  /** Said under a blank field, before asking the server. */
  requiredMessage: string;
  /** Said when the server refuses without words of its own. */
  failedMessage: string;
}

interface NameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  field: NameField;
  initialName?: string;
  /** Each opening with another key starts from its own name, with no old refusal. */
  formKey?: string;
  pending: boolean;
  /** Resolves once saved; a refusal (a taken name, a character the name cannot have) stays under the field. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** A dialog that asks for one name (New folder, Rename): checked by the server, whose refusal is said under the field. */
export function NameDialog({
  open,
  title,
  submitLabel,
  field,
  initialName = '',
  formKey,
  pending,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const formId = useId();
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
      {open && (
        <NameForm
          key={formKey}
          id={formId}
          field={field}
          initial={initialName}
          onSubmit={onSubmit}
          onDone={onClose}
        />
      )}
    </Dialog>
  );
}

interface NameFormProps {
  id: string;
  field: NameField;
  initial: string;
  onSubmit: (name: string) => Promise<unknown>;
  onDone: () => void;
}

function NameForm({ id, field, initial, onSubmit, onDone }: NameFormProps) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(field.requiredMessage);
      return;
    }
    onSubmit(name.trim()).then(onDone, (failure: unknown) =>
      setError(messageOf(failure, field.failedMessage)),
    );
  };
  return (
    <form id={id} onSubmit={submit} noValidate>
      <TextField
        label={field.label}
        name={field.name}
        required
        autoFocus
        maxLength={field.maxLength}
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
