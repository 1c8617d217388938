import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '@cloudstash/contract';
import { LoadingState } from '../../../components/States';
import { unusableInviteMessage, useInviteStatus } from '../api/invite-status';
import { useRegistrationMode } from '../api/registration';
import { AuthCard } from './AuthCard';
import { RegisterForm } from './RegisterForm';
import { SsoSignIn } from './SsoSignIn';

/**
 * /register, and /register?invite={token} from an invite link. Whether anyone may register and, with a link,
 * whether its invite can still be used are both asked as the page opens: a closed instance or a used, revoked,
 * expired or unknown invite is said at once, in place of a form that could only be refused.
 */
export default function RegisterPage() {
  const invite = useSearchParams()[0].get('invite') || undefined;
  const mode = useRegistrationMode();
  const inviteStatus = useInviteStatus(invite);

  if (mode.isPending || (invite && inviteStatus.isPending)) {
    return (
      <RegisterCard>
        <LoadingState />
      </RegisterCard>
    );
  }

  // When the mode or the invite cannot be read the form shows: the server still refuses what it does not allow.
  const inviteRefusal = unusableInviteMessage(inviteStatus.data);
  const refusal =
    mode.data === 'closed'
      ? ACCOUNT_MESSAGES.registrationClosed
      : mode.data === 'invite' && !invite
        ? ACCOUNT_MESSAGES.inviteRequired
        : inviteRefusal;
  if (refusal) {
    return (
      <RegisterCard>
        <p role="alert" className="alert alert-info alert-soft">
          {refusal}
        </p>
        {/* An open instance lets anyone register: the link's invite is then not needed at all. */}
        {inviteRefusal && mode.data === 'open' && (
          <Link to="/register" className="btn btn-primary">
            Register without an invite
          </Link>
        )}
        <ToLogin />
      </RegisterCard>
    );
  }

  return (
    <RegisterCard>
      {invite && <p className="alert alert-info alert-soft">You were invited to join this instance.</p>}
      <RegisterForm invite={invite} boundEmail={inviteStatus.data?.email ?? null} />
      {invite && <SsoSignIn invite={invite} />}
      <ToLogin />
    </RegisterCard>
  );
}

function RegisterCard({ children }: { children: ReactNode }) {
  return (
    <AuthCard title="Register" subtitle="Create your free CloudStash account">
      {children}
    </AuthCard>
  );
}

/** Under the form and under a refusal alike: the way to the sign-in page. */
function ToLogin() {
  return (
    <p className="text-center text-sm">
      <Link to="/login" className="link">
        Already have an account? Login
      </Link>
    </p>
  );
}
