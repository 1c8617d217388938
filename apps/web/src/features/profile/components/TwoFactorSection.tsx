import { useState } from 'react';
import type { TotpSetup } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { SectionCard } from '../../../components/SectionCard';
import { ErrorState, LoadingState } from '../../../components/States';
import { useBeginTotp, useTotpStatus } from '../api/totp';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TotpDisableForm } from './TotpDisableForm';
import { TotpSetupForm } from './TotpSetupForm';

/** Off → set-up (QR code, secret, a code to confirm) → the recovery codes, once → on (turn off with password + code). */
export function TwoFactorSection() {
  const { data: status, isPending, isError } = useTotpStatus();
  const begin = useBeginTotp();
  const [setup, setSetup] = useState<TotpSetup>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  const body = () => {
    if (recoveryCodes) {
      return <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />;
    }
    if (isPending) return <LoadingState label="Loading two-factor status" />;
    if (isError || !status) return <ErrorState message="Failed to load two-factor status" />;
    if (status.enabled) {
      return (
        <>
          <p>
            <span className="badge badge-success mr-2">On</span>
            {status.recoveryCodesLeft} recovery codes left.
          </p>
          <TotpDisableForm />
        </>
      );
    }
    if (setup) {
      return (
        <TotpSetupForm
          setup={setup}
          onEnabled={(codes) => {
            setSetup(undefined);
            setRecoveryCodes(codes);
          }}
          onCancel={() => setSetup(undefined)}
        />
      );
    }
    return (
      <PendingButton
        type="button"
        className="btn-primary self-start"
        pending={begin.isPending}
        onClick={() => begin.mutate(undefined, { onSuccess: (answer) => setSetup(answer.data) })}
      >
        Set up two-factor sign-in
      </PendingButton>
    );
  };

  return (
    <SectionCard
      title="Two-factor sign-in"
      description="After your password, sign-in also asks for a code from an authenticator app on your phone."
    >
      {body()}
    </SectionCard>
  );
}
