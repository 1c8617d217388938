import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES, MESSAGES, registerBodySchema } from '@cloudstash/contract';
import { FormAlert, LoadingState } from '../../../components/States';
import { messageOf } from '../../../api/api-client';
import { showErrorsAndFocus } from '../../../lib/focus';
import { TextField } from '../../../components/TextField';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { useRegister } from '../api/register';
import { useRegistrationMode } from '../api/registration';
import { AuthCard } from './AuthCard';
import { SsoSignIn } from './SsoSignIn';
import { PendingButton } from '../../../components/PendingButton';
import { EmailField, NewPasswordField } from '../../../components/AccountFields';

const hasFieldErrors = (error: unknown) => Object.keys(serverFieldErrors(error)).length > 0;

export default function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const invite = useSearchParams()[0].get('invite') || undefined;
  const mode = useRegistrationMode();
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = registerBodySchema.safeParse({ ...form, role: 'user', invite });
    if (!parsed.success) {
      showErrorsAndFocus(
        () => setErrors(zodFieldErrors(parsed.error)),
        event.currentTarget as HTMLFormElement,
      );
      return;
    }
    setErrors({});
    register.mutate(parsed.data, {
      onSuccess: () => navigate('/login'),
      onError: (error) => showErrorsAndFocus(() => setErrors(serverFieldErrors(error)), formRef.current),
    });
  };

  // When the mode cannot be read the form shows: the server still refuses what the instance does not allow.
  const refusal =
    mode.data === 'closed'
      ? ACCOUNT_MESSAGES.registrationClosed
      : mode.data === 'invite' && !invite
        ? ACCOUNT_MESSAGES.inviteRequired
        : undefined;

  if (mode.isPending) {
    return (
      <AuthCard title="Register" subtitle="Create your free CloudStash account">
        <LoadingState />
      </AuthCard>
    );
  }
  if (refusal) {
    return (
      <AuthCard title="Register" subtitle="Create your free CloudStash account">
        <p role="alert" className="alert alert-info alert-soft">
          {refusal}
        </p>
        <ToLogin />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Register" subtitle="Create your free CloudStash account">
      {invite && <p className="alert alert-info alert-soft">You were invited to join this instance.</p>}
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        {/* A refusal of one field is said under that field; any other refusal here, beside the form. */}
        {register.isError && !hasFieldErrors(register.error) && (
          <FormAlert message={messageOf(register.error, MESSAGES.registerFailed)} />
        )}
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          placeholder="Your name"
          required
          value={form.name}
          onChange={set('name')}
          hint={MESSAGES.nameRequired}
          error={errors.name}
        />
        <EmailField value={form.email} onChange={set('email')} error={errors.email} />
        <NewPasswordField
          name="password"
          placeholder="Password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
        />
        <PendingButton type="submit" className="btn-primary mt-4" pending={register.isPending}>
          Register
        </PendingButton>
      </form>
      {invite && <SsoSignIn invite={invite} />}
      <ToLogin />
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
