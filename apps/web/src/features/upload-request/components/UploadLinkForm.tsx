import { useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  LINK_LABEL_MAX_LENGTH,
  LINK_PASSWORD_MIN_LENGTH,
  REQUEST_MAX_FILES,
  REQUEST_MESSAGE_MAX_LENGTH,
} from '@cloudstash/contract';
import { ExpiryField } from '../../../components/ExpiryField';
import { TextField } from '../../../components/TextField';
import type { FieldErrors } from '../../../lib/form-errors';
import type { UploadLinkValues } from '../upload-link-body';
import { TextAreaField } from './TextAreaField';

interface UploadLinkFormProps {
  /** The dialog's submit button names this form: the button sits among the dialog's actions. */
  formId: string;
  initial: UploadLinkValues;
  /** Editing: whether the link has a password now, and its expiry (offered to keep). */
  editing?: { hasPassword: boolean; expiresAt: string | null };
  /** Checks the values; what is wrong comes back by field, and the first wrong field takes focus. */
  onSubmit: (values: UploadLinkValues) => FieldErrors | null;
  /** The server's refusal of the last submit, by field. */
  serverErrors: FieldErrors;
}

type TextKey = 'label' | 'message' | 'password' | 'maxFiles' | 'maxMegabytes';

/** An upload link's label, message, password, expiry and limits: for a new link, or to change one. */
export function UploadLinkForm({ formId, initial, editing, onSubmit, serverErrors }: UploadLinkFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };
  const set = (change: Partial<UploadLinkValues>) => setValues((now) => ({ ...now, ...change }));
  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set({ [key]: event.target.value }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    flushSync(() => setErrors(onSubmit(values) ?? {}));
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return (
    <form id={formId} className="flex flex-col gap-1" onSubmit={submit} noValidate>
      <TextField
        label="Label"
        {...text('label')}
        maxLength={LINK_LABEL_MAX_LENGTH}
        autoComplete="off"
        required
        hint="The title visitors see, and how the files they send are noted."
        error={shown.label}
      />
      <TextAreaField
        label="Message (optional)"
        {...text('message')}
        rows={3}
        maxLength={REQUEST_MESSAGE_MAX_LENGTH}
        hint="Shown to visitors under the title: what to send, by when."
        error={shown.message}
      />
      <TextField
        label={editing?.hasPassword ? 'New password (optional)' : 'Password (optional)'}
        {...text('password')}
        type="password"
        autoComplete="new-password"
        disabled={values.removePassword}
        hint={
          editing?.hasPassword
            ? 'Leave empty to keep the current password.'
            : `Visitors must enter it before they can send anything. At least ${LINK_PASSWORD_MIN_LENGTH} characters.`
        }
        error={shown.password}
      />
      {editing?.hasPassword && (
        <label className="label cursor-pointer justify-start gap-3 py-1">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={values.removePassword}
            onChange={(event) => set({ removePassword: event.target.checked, password: '' })}
          />
          <span className="text-base-content">Remove the password</span>
        </label>
      )}
      <ExpiryField
        choice={values.expiry}
        onChoice={(expiry) => set({ expiry })}
        custom={values.customExpiry}
        onCustom={(customExpiry) => set({ customExpiry })}
        current={editing ? editing.expiresAt : undefined}
      />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <TextField
          label="File limit (optional)"
          {...text('maxFiles')}
          type="number"
          inputMode="numeric"
          min={1}
          max={REQUEST_MAX_FILES}
          hint="Leave empty for no limit."
          error={shown.maxFiles}
        />
        <TextField
          label="Size limit in MB (optional)"
          {...text('maxMegabytes')}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          hint="All files together. Empty: no limit."
          error={shown.maxBytes}
        />
      </div>
    </form>
  );
}
