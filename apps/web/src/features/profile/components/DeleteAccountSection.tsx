import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, deleteAccountBodySchema, type User } from '@cloudstash/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionCard } from '../../../components/SectionCard';
import { TextField } from '../../../components/TextField';
import { useFormFields } from '../../../lib/use-form-fields';
import { useDeleteAccount } from '../api/profile';
import { CurrentPasswordField } from '../../../components/AccountFields';

export function DeleteAccountSection({ user }: { user: User }) {
  const remove = useDeleteAccount();
  const form = useFormFields({ password: '', email: '' });
  const [confirming, setConfirming] = useState(false);

  // The server checks the email too; checking it here keeps a typo from ever reaching the confirm step.
  const schema = deleteAccountBodySchema.refine((body) => body.email === user.email.toLowerCase(), {
    path: ['email'],
    message: ACCOUNT_MESSAGES.deleteEmailMismatch,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validate(schema, form.values)) setConfirming(true);
  };

  const onConfirm = () => {
    const body = form.validate(schema, form.values);
    if (!body) return;
    remove.mutate(body, {
      onError: (error) => {
        setConfirming(false);
        form.showServerErrors(error);
      },
    });
  };

  return (
    <SectionCard
      title="Delete account"
      danger
      description="Deletes your account and every file you uploaded. This cannot be undone."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <CurrentPasswordField {...form.field('password')} />
        <TextField
          label="Type your email to confirm"
          type="email"
          autoComplete="off"
          required
          hint={`Type ${user.email}`}
          {...form.field('email')}
        />
        <button type="submit" className="btn btn-error mt-2 self-start">
          Delete my account
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        message="Your account and all your files will be deleted now. This cannot be undone."
        confirmLabel="Delete account"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirm}
      />
    </SectionCard>
  );
}
