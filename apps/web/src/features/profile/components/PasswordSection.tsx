import { useState, type FormEvent } from 'react';
import { changePasswordBodySchema } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { SectionCard } from '../../../components/SectionCard';
import { useFormFields } from '../../../lib/use-form-fields';
import { useChangePassword } from '../api/profile';
import { CurrentPasswordField, NewPasswordField } from '../../../components/AccountFields';

export function PasswordSection() {
  const change = useChangePassword();
  const form = useFormFields({ currentPassword: '', newPassword: '' });
  // On by default: whoever knew the old password may have made tokens with it.
  const [revokeTokens, setRevokeTokens] = useState(true);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(changePasswordBodySchema, { ...form.values, revokeTokens });
    if (body) change.mutate(body, { onSuccess: form.reset, onError: form.showServerErrors });
  };

  return (
    <SectionCard
      title="Password"
      description="Changing your password signs out every other session; this one stays signed in."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <CurrentPasswordField label="Current password" {...form.field('currentPassword')} />
        <NewPasswordField label="New password" {...form.field('newPassword')} />
        <label className="label cursor-pointer justify-start gap-3">
          <input
            type="checkbox"
            className="checkbox checkbox-primary"
            checked={revokeTokens}
            onChange={(event) => setRevokeTokens(event.target.checked)}
          />
          <span className="text-base-content">Also revoke my access tokens</span>
        </label>
        <PendingButton type="submit" className="btn-primary mt-2 self-start" pending={change.isPending}>
          Change password
        </PendingButton>
      </form>
    </SectionCard>
  );
}
