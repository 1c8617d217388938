import type { FormEvent } from 'react';
import { ACCOUNT_MESSAGES, totpCodeBodySchema } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { messageOf } from '../../../api/api-client';
import { useFormFields } from '../../../lib/use-form-fields';
import { useLoginWithCode } from '../api/login';
import { OneTimeCodeField } from '../../../components/AccountFields';

/**
 * The sign-in's second step: the password was right, now a code from the app (or a recovery code). With
 * `leaveTo`, a completed sign-in leaves for that address instead (see useLoginWithCode).
 */
export function TotpStep({
  onSignedIn,
  onRestart,
  leaveTo,
}: {
  onSignedIn: () => void;
  onRestart: () => void;
  leaveTo?: string;
}) {
  const complete = useLoginWithCode(leaveTo);
  const form = useFormFields({ code: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(totpCodeBodySchema, form.values);
    if (!body) return;
    complete.mutate(body, { onSuccess: onSignedIn });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2" aria-label="Two-factor code">
      <p>{ACCOUNT_MESSAGES.totpRequired}, or one of your recovery codes.</p>
      <OneTimeCodeField
        autoFocus
        hint="6 digits from the app, or a recovery code"
        {...form.field('code')}
        error={
          form.field('code').error ??
          (complete.isError ? messageOf(complete.error, ACCOUNT_MESSAGES.totpCodeInvalid) : undefined)
        }
      />
      <PendingButton type="submit" className="btn-primary mt-4" pending={complete.isPending}>
        Verify
      </PendingButton>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRestart}>
        Back to email and password
      </button>
    </form>
  );
}
