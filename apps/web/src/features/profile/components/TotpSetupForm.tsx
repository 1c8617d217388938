import type { FormEvent } from 'react';
import { ACCOUNT_MESSAGES, totpCodeBodySchema, type TotpSetup } from '@cloudstash/contract';
import { CopyField } from '../../../components/CopyField';
import { PendingButton } from '../../../components/PendingButton';
import { QrCode } from '../../../components/QrCode';
import { useFormFields } from '../../../lib/use-form-fields';
import { useEnableTotp } from '../api/totp';
import { OneTimeCodeField } from '../../../components/AccountFields';

interface TotpSetupFormProps {
  setup: TotpSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

export function TotpSetupForm({ setup, onEnabled, onCancel }: TotpSetupFormProps) {
  const enable = useEnableTotp();
  const form = useFormFields({ code: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(totpCodeBodySchema, form.values);
    if (!body) return;
    enable.mutate(body, {
      onSuccess: (answer) => onEnabled(answer.data.recoveryCodes),
      onError: form.showServerErrors,
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <p>{ACCOUNT_MESSAGES.totpSetupStarted}.</p>
      <QrCode text={setup.otpauthUrl} alt="QR code to add this account to an authenticator app" />
      <CopyField label="Secret key (to type in instead)" value={setup.secret} what="Secret" />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <OneTimeCodeField
          label="Code from the app"
          inputMode="numeric"
          hint="The 6-digit code your authenticator app shows now"
          {...form.field('code')}
        />
        <div className="flex flex-wrap gap-2">
          <PendingButton type="submit" className="btn-primary" pending={enable.isPending}>
            Confirm and turn on
          </PendingButton>
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={enable.isPending}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
