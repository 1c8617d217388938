import { useId, useState, type FormEvent } from 'react';
import { GROUP_MESSAGES, GROUP_NAME_MAX_LENGTH } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { messageOf } from '../../../api/api-client';
import { showErrorsAndFocus } from '../../../lib/focus';
import { useCreateGroup } from '../api/groups';

/**
 * A new, empty group by name; members are added from its row. The field and its button share a row on wide
 * screens; a refusal (a name taken) stays under them until the name changes.
 */
export function CreateGroupForm() {
  const create = useCreateGroup();
  const fieldId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fail = (message: string) => showErrorsAndFocus(() => setError(message), form);
    if (!name.trim()) {
      fail(GROUP_MESSAGES.nameRequired);
      return;
    }
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: () => setName(''),
        onError: (failure) => fail(messageOf(failure, 'Failed to create the group')),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="New group"
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <label htmlFor={fieldId} className="text-sm font-semibold">
        New group name
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          name="new-group-name"
          className={`input w-full sm:flex-1 ${error ? 'input-error' : ''}`}
          required
          maxLength={GROUP_NAME_MAX_LENGTH}
          autoComplete="off"
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <PendingButton type="submit" className="btn-primary" pending={create.isPending}>
          Create group
        </PendingButton>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-error">
          {error}
        </p>
      )}
    </form>
  );
}
