import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES, registerBodySchema } from '@cloudstash/contract';
import { TextField } from '../../../components/TextField';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { useRegister } from '../api/register';
import { AuthCard } from './AuthCard';
import { PendingButton } from '../../../components/PendingButton';

export default function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = registerBodySchema.safeParse({ ...form, role: 'user' });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    register.mutate(parsed.data, {
      onSuccess: () => navigate('/login'),
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <AuthCard title="Register" subtitle="Create your free CloudStash account">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
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
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="email@example.com"
          required
          value={form.email}
          onChange={set('email')}
          hint={MESSAGES.emailInvalid}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          placeholder="Password"
          required
          minLength={8}
          value={form.password}
          onChange={set('password')}
          hint={MESSAGES.passwordRule}
          error={errors.password}
        />
        <PendingButton type="submit" className="btn-primary mt-4" pending={register.isPending}>
          Register
        </PendingButton>
      </form>
      <p className="text-center text-sm">
        <Link to="/login" className="link">
          Already have an account? Login
        </Link>
      </p>
    </AuthCard>
  );
}
