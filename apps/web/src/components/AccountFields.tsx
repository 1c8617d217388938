import type { ComponentProps } from 'react';
import { MESSAGES } from '@cloudstash/contract';
import { TextField } from './TextField';

/** A TextField whose label has a usual default; the caller gives value, onChange and error (or form.field). */
type FieldProps = Omit<ComponentProps<typeof TextField>, 'label'> & { label?: string };

/** An account's email address, as sign-in and registration ask for it. */
export function EmailField(props: FieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      placeholder="email@example.com"
      required
      hint={MESSAGES.emailInvalid}
      {...props}
    />
  );
}

/** The password the account has now: to sign in, or to confirm a change that needs it. */
export function CurrentPasswordField(props: FieldProps) {
  return (
    <TextField
      label="Password"
      type="password"
      autoComplete="current-password"
      required
      hint={MESSAGES.passwordRequired}
      {...props}
    />
  );
}

/** A password being chosen: the password rule is its hint, and password managers may suggest one. */
export function NewPasswordField(props: FieldProps) {
  return (
    <TextField
      label="Password"
      type="password"
      autoComplete="new-password"
      required
      minLength={8}
      hint={MESSAGES.passwordRule}
      {...props}
    />
  );
}

/** A one-time code from an authenticator app (or, where allowed, a recovery code). */
export function OneTimeCodeField({ label = 'Code', ...props }: FieldProps) {
  return <TextField label={label} autoComplete="one-time-code" required {...props} />;
}
