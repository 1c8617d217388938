import { useId, type FormEvent } from 'react';
import { createTokenBodySchema, type CreatedAccessToken } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { TextField } from '../../../components/TextField';
import { useFormFields } from '../../../lib/use-form-fields';
import { useCreateToken } from '../api/tokens';
import { tokenExpiry } from '../token-expiry';

export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedAccessToken) => void }) {
  const create = useCreateToken();
  const form = useFormFields({ name: '', scope: 'read', expiresAt: '' });
  const scopeId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { name, scope, expiresAt } = form.values;
    const body = form.validate(createTokenBodySchema, { name, scope, expiresAt: tokenExpiry(expiresAt) });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (answer) => {
        form.reset();
        onCreated(answer.data);
      },
      onError: form.showServerErrors,
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2 sm:grid-cols-3 sm:items-start">
      <TextField label="Token name" required placeholder="Backup script" {...form.field('name')} />
      <div className="fieldset">
        <label htmlFor={scopeId} className="fieldset-legend text-sm">
          Scope
        </label>
        <select
          id={scopeId}
          className="select w-full"
          name="scope"
          value={form.values.scope}
          onChange={form.field('scope').onChange}
        >
          <option value="read">Read only</option>
          <option value="read-write">Read and write</option>
        </select>
      </div>
      <TextField label="Expires (optional)" type="date" {...form.field('expiresAt')} />
      <PendingButton
        type="submit"
        className="btn-primary justify-self-start sm:col-span-3"
        pending={create.isPending}
      >
        Create token
      </PendingButton>
    </form>
  );
}
