import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { forgotPasswordBodySchema, MAIL_MESSAGES } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { EmailField } from '../../../components/AccountFields';
import { FormAlert } from '../../../components/States';
import { messageOf } from '../../../api/api-client';
import { useUploadConfig } from '../../../api/upload-config';
import { useFormFields } from '../../../lib/use-form-fields';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from './AuthCard';

/**
 * /forgot-password: mails a reset link to whoever has the address. It says the same thing after every submit
 * (the server's one answer), so the page tells nobody whether an account has the address.
 */
export default function ForgotPasswordPage() {
  const config = useUploadConfig();
  const forgot = useForgotPassword();
  const form = useFormFields({ email: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(forgotPasswordBodySchema, form.values);
    if (body) forgot.mutate(body, { onError: form.showServerErrors });
  };

  const mailOff = !config.loading && !config.mail;
  return (
    <AuthCard title="Forgot password" subtitle="We will email you a link to choose a new password">
      {mailOff ? (
        <p role="status" className="alert alert-info alert-soft">
          {MAIL_MESSAGES.mailOff}
        </p>
      ) : (
        <>
          {forgot.isSuccess && (
            <p role="status" className="alert alert-success alert-soft">
              {forgot.data.message}
            </p>
          )}
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
            {forgot.isError && (
              <FormAlert message={messageOf(forgot.error, 'Failed to ask for a reset link')} />
            )}
            <EmailField {...form.field('email')} />
            <PendingButton type="submit" className="btn-primary mt-4" pending={forgot.isPending}>
              Email me a link
            </PendingButton>
          </form>
        </>
      )}
      <p className="text-center text-sm">
        <Link to="/login" className="link">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
