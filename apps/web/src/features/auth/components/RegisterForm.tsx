import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES, registerBodySchema } from '@cloudstash/contract';
import { FormAlert } from '../../../components/States';
import { messageOf } from '../../../api/api-client';
import { showErrorsAndFocus } from '../../../lib/focus';
import { TextField } from '../../../components/TextField';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { useRegister } from '../api/register';
import { PendingButton } from '../../../components/PendingButton';
import { EmailField, NewPasswordField } from '../../../components/AccountFields';

const hasFieldErrors = (error: unknown) => Object.keys(serverFieldErrors(error)).length > 0;

/**
 * The registration form, sent with the link's `invite` when there is one. An invite bound to an address
 * (`boundEmail`) fills the email in and keeps it: the server refuses any other address for that link.
 */
export function RegisterForm({ invite, boundEmail }: { invite?: string; boundEmail: string | null }) {
  const navigate = useNavigate();
  const register = useRegister();
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const email = boundEmail ?? form.email;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = registerBodySchema.safeParse({ ...form, email, role: 'user', invite });
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

  return (
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
      {boundEmail ? (
        <EmailField
          value={boundEmail}
          readOnly
          className="bg-base-200"
          hint={`This invite is for ${boundEmail}`}
          error={errors.email}
        />
      ) : (
        <EmailField value={form.email} onChange={set('email')} error={errors.email} />
      )}
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
  );
}
