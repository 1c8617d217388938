import type { FormEvent } from 'react';
import { MESSAGES, updateProfileBodySchema, type User } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { SectionCard } from '../../../components/SectionCard';
import { TextField } from '../../../components/TextField';
import { useFormFields } from '../../../lib/use-form-fields';
import { useRename } from '../api/profile';

export function NameSection({ user }: { user: User }) {
  const rename = useRename();
  const form = useFormFields({ name: user.name });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(updateProfileBodySchema, form.values);
    if (body) rename.mutate(body, { onError: form.showServerErrors });
  };

  return (
    <SectionCard title="Name" description="How you appear to others on this instance.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField
            label="Your name"
            autoComplete="name"
            required
            hint={MESSAGES.nameRequired}
            {...form.field('name')}
          />
        </div>
        <PendingButton type="submit" className="btn-primary sm:mt-9" pending={rename.isPending}>
          Save name
        </PendingButton>
      </form>
    </SectionCard>
  );
}
