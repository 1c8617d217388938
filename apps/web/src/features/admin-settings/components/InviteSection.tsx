import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, MAX_INVITES_AT_ONCE, createInvitesBodySchema } from '@cloudstash/contract';
import { CopyField } from '../../../components/CopyField';
import { PendingButton } from '../../../components/PendingButton';
import { SectionCard } from '../../../components/SectionCard';
import { TextField } from '../../../components/TextField';
import { absoluteUrl } from '../../../lib/absolute-url';
import { copyWithToast } from '../../../lib/clipboard';
import { showErrorsAndFocus } from '../../../lib/focus';
import { serverFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { useCreateInvites } from '../api/invites';

/** Whole numbers from 1 to the most one request may make; anything else is explained under the field. */
function parseCount(text: string): number | null {
  const count = Number(text);
  return Number.isInteger(count) && count >= 1 && count <= MAX_INVITES_AT_ONCE ? count : null;
}

export function InviteSection() {
  const create = useCreateInvites();
  const [countText, setCountText] = useState('1');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const count = parseCount(countText);
  const forEmail = email.trim() !== '';
  // Said while typing, like the range: a link bound to an address is always one link.
  const countError =
    count === null
      ? `From 1 to ${MAX_INVITES_AT_ONCE}`
      : forEmail && count !== 1
        ? ACCOUNT_MESSAGES.inviteEmailOneLink
        : undefined;
  const links = create.data?.data.invites.map((invite) => absoluteUrl(invite.url)) ?? [];
  const madeFor = create.variables?.email;
  const label = count === null || count === 1 ? 'Make invite link' : `Make ${count} invite links`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (count === null || countError) return;
    const form = event.currentTarget;
    const body = forEmail ? { count, email } : { count };
    const parsed = createInvitesBodySchema.safeParse(body);
    if (!parsed.success) {
      showErrorsAndFocus(() => setEmailError(zodFieldErrors(parsed.error).email), form);
      return;
    }
    setEmailError(undefined);
    create.mutate(body, {
      // The next link is for anyone again unless an address is typed anew.
      onSuccess: () => setEmail(''),
      onError: (error) => showErrorsAndFocus(() => setEmailError(serverFieldErrors(error).email), form),
    });
  };

  return (
    <SectionCard
      title="Invite links"
      description="While registration is by invite, each link lets one person register. It works once, for 7 days."
    >
      {links.length === 1 && (
        <div className="flex flex-col gap-1">
          <CopyField label="Invite link" value={links[0]!} what="Link" />
          {madeFor && <p className="text-sm text-base-content/80">Only {madeFor} may register with it.</p>}
        </div>
      )}
      {links.length > 1 && (
        <div className="flex flex-col gap-2">
          {links.map((url, i) => (
            <CopyField key={url} label={`Invite link ${i + 1}`} value={url} what="Link" />
          ))}
          <button
            type="button"
            className="btn btn-outline self-start"
            onClick={() => void copyWithToast(links.join('\n'), 'Links')}
          >
            Copy all {links.length} links
          </button>
        </div>
      )}
      <form className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        <TextField
          label="Email (optional)"
          name="email"
          type="email"
          autoComplete="off"
          placeholder="email@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          hint="Only this address may register with the link. Leave it empty for anyone who has the link."
          error={emailError}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="sm:w-40">
            <TextField
              label="How many"
              name="count"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_INVITES_AT_ONCE}
              value={countText}
              onChange={(event) => setCountText(event.target.value)}
              error={countError}
            />
          </div>
          {/* Level with the field beside it, whose fieldset pads it below by 0.25rem. */}
          <PendingButton
            type="submit"
            className="btn-primary sm:mb-1"
            pending={create.isPending}
            disabled={countError !== undefined}
          >
            {links.length > 0 && count === 1 ? 'Make another invite link' : label}
          </PendingButton>
        </div>
      </form>
    </SectionCard>
  );
}
