import { useState, type FormEvent, type ReactNode } from 'react';
import {
  LINK_MAX_DOWNLOADS,
  LINK_MESSAGES,
  LINK_PASSWORD_MIN_LENGTH,
  type CreateLinkBody,
} from '@cloudstash/contract';
import { ExpiryField, expiresAtOf, type ExpiryChoice } from '../../../components/ExpiryField';
import { TextField } from '../../../components/TextField';

interface LinkOptionsFormProps {
  /** The dialog's submit button names this form (`form=`): the button sits among the dialog's actions. */
  formId: string;
  /** What the link opens, said above the fields. */
  intro: ReactNode;
  /** Called with the new link's options once they are valid. */
  onSubmit: (body: CreateLinkBody) => void;
}

/** A new share link's options: label, password, expiry and download limit, checked before they are sent. */
export function LinkOptionsForm({ formId, intro, onSubmit }: LinkOptionsFormProps) {
  const [expiry, setExpiry] = useState<ExpiryChoice>('7');
  const [customExpiry, setCustomExpiry] = useState('');
  const [limit, setLimit] = useState('');
  const [limitError, setLimitError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const maxDownloads = limit.trim() === '' ? undefined : Number(limit);
    const limitWrong =
      maxDownloads !== undefined &&
      (!Number.isInteger(maxDownloads) || maxDownloads < 1 || maxDownloads > LINK_MAX_DOWNLOADS);
    const passwordWrong = password !== '' && password.length < LINK_PASSWORD_MIN_LENGTH;
    setLimitError(limitWrong ? LINK_MESSAGES.linkMaxDownloads : undefined);
    setPasswordError(passwordWrong ? LINK_MESSAGES.linkPasswordTooShort : undefined);
    if (limitWrong || passwordWrong) return;
    onSubmit({
      label: String(form.get('label') ?? '').trim() || undefined,
      password: password || undefined,
      expiresAt: expiresAtOf(expiry, customExpiry) ?? undefined,
      maxDownloads,
    });
  };

  return (
    <form id={formId} className="flex flex-col gap-1" onSubmit={submit} noValidate>
      <p className="text-sm text-base-content/80">{intro}</p>
      <TextField label="Label (optional)" name="label" maxLength={100} autoComplete="off" />
      <TextField
        label="Password (optional)"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`Visitors must enter it before they see anything. At least ${LINK_PASSWORD_MIN_LENGTH} characters.`}
        error={passwordError}
      />
      <ExpiryField choice={expiry} onChoice={setExpiry} custom={customExpiry} onCustom={setCustomExpiry} />
      <TextField
        label="Download limit (optional)"
        name="maxDownloads"
        type="number"
        inputMode="numeric"
        min={1}
        max={LINK_MAX_DOWNLOADS}
        value={limit}
        onChange={(event) => setLimit(event.target.value)}
        hint={LINK_MESSAGES.linkLimitHint}
        error={limitError}
      />
    </form>
  );
}
