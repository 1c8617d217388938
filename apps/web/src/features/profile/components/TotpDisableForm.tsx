import type { FormEvent } from 'react';
import { ACCOUNT_MESSAGES, disableTotpBodySchema } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { useFormFields } from '../../../lib/use-form-fields';
import { useDisableTotp } from '../api/totp';
import { CurrentPasswordField, OneTimeCodeField } from '../../../components/AccountFields';

export function TotpDisableForm() {
  const disable = useDisableTotp();
  const form = useFormFields({ password: '', code: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(disableTotpBodySchema, form.values);
    if (body) disable.mutate(body, { onSuccess: form.reset, onError: form.showServerErrors });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2" aria-label="Turn off two-factor">
      <CurrentPasswordField {...form.field('password')} />
      <OneTimeCodeField
        label="Code from the app or a recovery code"
        hint={ACCOUNT_MESSAGES.codeRequired}
        {...form.field('code')}
      />
      <PendingButton
        type="submit"
        className="btn-outline btn-error mt-2 self-start"
        pending={disable.isPending}
      >
        Turn off two-factor sign-in
      </PendingButton>
    </form>
  );
}
