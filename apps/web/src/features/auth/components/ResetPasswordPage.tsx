import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { resetPasswordBodySchema } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { messageOf } from '../../../api/api-client';
import { useFormFields } from '../../../lib/use-form-fields';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './AuthCard';
import type { LoginNotice } from './LoginPage';
import { NewPasswordField } from '../../../components/AccountFields';

/** /reset/{token}: a link an administrator handed over or Forgot password mailed; sets a new password, then on to sign in. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useFormFields({ newPassword: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(resetPasswordBodySchema, { token, ...form.values });
    if (!body) return;
    reset.mutate(body, {
      onSuccess: (answer) => {
        const state: LoginNotice = { notice: answer.message };
        void navigate('/login', { replace: true, state });
      },
      onError: form.showServerErrors,
    });
  };

  return (
    <AuthCard title="Set a new password" subtitle="Choose the password you will sign in with from now on">
      {reset.isError && (
        <p role="alert" className="alert alert-error alert-soft">
          {messageOf(reset.error, 'Failed to set the new password')}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <NewPasswordField label="New password" {...form.field('newPassword')} />
        <PendingButton type="submit" className="btn-primary mt-4" pending={reset.isPending}>
          Set password
        </PendingButton>
      </form>
      <p className="text-center text-sm">
        <Link to="/login" className="link">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
