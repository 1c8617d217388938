import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  LINK_MAX_DOWNLOADS,
  LINK_MESSAGES,
  LINK_PASSWORD_MIN_LENGTH,
  type CreateLinkBody,
  type Link,
} from '@cloudstash/contract';
import { Dialog } from '../../../components/ConfirmDialog';
import { PendingButton } from '../../../components/PendingButton';
import { TextField } from '../../../components/TextField';
import { messageOf } from '../../../api/api-client';
import { useCreateLink } from '../api/links';
import { absoluteUrl } from '../../../lib/absolute-url';
import { copyLink, shareLink } from '../../../lib/share';
import { QrCode } from '../../../components/QrCode';

const DAY_MS = 86_400_000;
const EXPIRY_PRESETS = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: 'never', label: 'Never' },
  { value: 'custom', label: 'Date and time…' },
] as const;
type Expiry = (typeof EXPIRY_PRESETS)[number]['value'];

function expiresAtOf(expiry: Expiry, custom: string): string | undefined {
  if (expiry === 'never') return undefined;
  if (expiry === 'custom') return custom ? new Date(custom).toISOString() : undefined;
  return new Date(Date.now() + Number(expiry) * DAY_MS).toISOString();
}

interface CreateLinkDialogProps {
  fileId: string;
  filename: string;
  open: boolean;
  onClose: () => void;
}

/** Options (password, expiry, limit, label), then the new link: copy, share, QR code. */
export function CreateLinkDialog({ fileId, filename, open, onClose }: CreateLinkDialogProps) {
  const create = useCreateLink(fileId);
  const [created, setCreated] = useState<Link | null>(null);
  const [expiry, setExpiry] = useState<Expiry>('7');
  const [customExpiry, setCustomExpiry] = useState('');
  const [limit, setLimit] = useState('');
  const [limitError, setLimitError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const expiryId = useId();
  const customId = useId();
  const formId = useId();

  const close = () => {
    setCreated(null);
    setLimitError(undefined);
    setPasswordError(undefined);
    create.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
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
    const body: CreateLinkBody = {
      label: String(form.get('label') ?? '').trim() || undefined,
      password: password || undefined,
      expiresAt: expiresAtOf(expiry, customExpiry),
      maxDownloads,
    };
    create.mutate(body, {
      onSuccess: (link) => {
        setCreated(link);
        toast.success(LINK_MESSAGES.linkCreated);
      },
      onError: (error) => toast.error(messageOf(error, 'Failed to create the link')),
    });
  };

  if (created) {
    return (
      <Dialog
        open={open}
        title="Share link ready"
        onClose={close}
        actions={
          <button type="button" className="btn btn-primary" onClick={close}>
            Done
          </button>
        }
      >
        <div className="flex flex-col gap-4">
          <label className="fieldset">
            <span className="fieldset-legend text-sm">Link</span>
            <input className="input w-full" readOnly value={absoluteUrl(created.url)} />
          </label>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-outline flex-1"
              onClick={() => void copyLink(created.url)}
            >
              Copy Link
            </button>
            <button
              type="button"
              className="btn btn-outline flex-1"
              onClick={() => void shareLink(filename, created.url)}
            >
              Share
            </button>
          </div>
          <QrCode text={absoluteUrl(created.url)} alt={`QR code of the share link to ${filename}`} />
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      title="Create share link"
      onClose={close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close} disabled={create.isPending}>
            Cancel
          </button>
          <PendingButton type="submit" form={formId} className="btn-primary" pending={create.isPending}>
            Create
          </PendingButton>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-1" onSubmit={onSubmit} noValidate>
        <p className="text-sm text-base-content/80">
          Anyone with the link can open <span className="font-medium break-all">{filename}</span>, even
          without an account.
        </p>
        <TextField label="Label (optional)" name="label" maxLength={100} autoComplete="off" />
        <TextField
          label="Password (optional)"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`Visitors must enter it before they see anything. At least ${LINK_PASSWORD_MIN_LENGTH} characters.`}
          error={passwordError}
        />
        <div className="fieldset">
          <label htmlFor={expiryId} className="fieldset-legend text-sm">
            Expires
          </label>
          <select
            id={expiryId}
            className="select w-full"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value as Expiry)}
          >
            {EXPIRY_PRESETS.map((preset) => (
              <option key={preset.value} value={preset.value}>
                {preset.label}
              </option>
            ))}
          </select>
        </div>
        {expiry === 'custom' && (
          <div className="fieldset">
            <label htmlFor={customId} className="fieldset-legend text-sm">
              Expiry date and time
            </label>
            <input
              id={customId}
              type="datetime-local"
              className="input w-full"
              value={customExpiry}
              onChange={(event) => setCustomExpiry(event.target.value)}
              required
            />
          </div>
        )}
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
    </Dialog>
  );
}
