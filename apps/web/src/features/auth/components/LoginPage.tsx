import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES, loginBodySchema } from '@cloudstash/contract';
import { TextField } from '../../../components/TextField';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { useLogin } from '../api/login';
import { AuthCard } from './AuthCard';
import { PendingButton } from '../../../components/PendingButton';

export default function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, { onSuccess: () => navigate('/dashboard', { replace: true }) });
  };

  return (
    <AuthCard title="Login" subtitle="Sign in to your CloudStash account">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="email@example.com"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          hint={MESSAGES.emailInvalid}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          placeholder="Password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={MESSAGES.passwordRequired}
          error={errors.password}
        />
        <PendingButton type="submit" className="btn-primary mt-4" pending={login.isPending}>
          Login
        </PendingButton>
      </form>
      <p className="text-center text-sm">
        <Link to="/register" className="link">
          Don&apos;t have an account? Register
        </Link>
      </p>
    </AuthCard>
  );
}
