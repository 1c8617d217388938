import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  MESSAGES,
  SSO_LINK_ERROR,
  SSO_TOTP_QUERY,
  isTotpRequired,
  loginBodySchema,
} from '@cloudstash/contract';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { showErrorsAndFocus } from '../../../lib/focus';
import { messageOf } from '../../../api/api-client';
import { useUploadConfig } from '../../../api/upload-config';
import { FormAlert } from '../../../components/States';
import { useLogin } from '../api/login';
import { AuthCard } from './AuthCard';
import { SsoSignIn, ssoStartHref } from './SsoSignIn';
import { PendingButton } from '../../../components/PendingButton';
import { TotpStep } from './TotpStep';
import { CurrentPasswordField, EmailField } from '../../../components/AccountFields';

/** What another screen may hand over when it sends the user here (a password just reset). */
export interface LoginNotice {
  notice?: string;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as LoginNotice | null)?.notice;
  // Single sign-on comes back here when the account also asks for a code: the provider stood in for the password.
  const [step, setStep] = useState<'password' | 'code'>(() =>
    location.search.slice(1).split('&').includes(SSO_TOTP_QUERY) ? 'code' : 'password',
  );
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // The link step: single sign-on found this email's account but cannot link it until its owner signs in here;
  // once signed in, the browser goes through the provider again and the callback links the account it finds.
  const linking = useSearchParams()[0].get('sso_error') === SSO_LINK_ERROR;
  const leaveTo = linking ? ssoStartHref() : undefined;
  const login = useLogin(leaveTo);
  // Only an instance that sends mail can mail a reset link; elsewhere an administrator makes one.
  const mailOn = useUploadConfig().mail === true;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      showErrorsAndFocus(
        () => setErrors(zodFieldErrors(parsed.error)),
        event.currentTarget as HTMLFormElement,
      );
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: (answer) => {
        if (isTotpRequired(answer.data)) setStep('code');
        else void toDashboard();
      },
    });
  };
  const toDashboard = () => navigate('/dashboard', { replace: true });

  if (step === 'code') {
    return (
      <AuthCard title="Login" subtitle="Two-factor sign-in">
        <TotpStep
          onSignedIn={() => void toDashboard()}
          onRestart={() => setStep('password')}
          leaveTo={leaveTo}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Login"
      subtitle={
        linking ? 'Link your account: sign in with its password' : 'Sign in to your CloudStash account'
      }
    >
      {notice && (
        <p role="status" className="alert alert-success alert-soft">
          {notice}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        {login.isError && <FormAlert message={messageOf(login.error, MESSAGES.loginFailed)} />}
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
        <CurrentPasswordField
          name="password"
          placeholder="Password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        {mailOn && (
          <p className="text-right text-sm">
            <Link to="/forgot-password" className="link">
              Forgot password?
            </Link>
          </p>
        )}
        <PendingButton type="submit" className="btn-primary mt-4" pending={login.isPending}>
          Login
        </PendingButton>
      </form>
      <SsoSignIn />
      <p className="text-center text-sm">
        <Link to="/register" className="link">
          Don&apos;t have an account? Register
        </Link>
      </p>
    </AuthCard>
  );
}
