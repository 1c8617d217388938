import { useId, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/session';
import type { ShareRole } from '@cloudstash/contract';
import { ApiError, messageOf } from '../../api/api-client';
import { useCreateShare, type GranteeRef, type ShareTarget } from '../../api/shares';
import { PendingButton } from '../PendingButton';
import { SearchCombobox } from '../SearchCombobox';
import { useGranteeSearch, type GranteeOption } from './grantee-search';
import { ROLE_HINTS, ROLE_OPTIONS } from './share-words';

/** Loose on purpose: only the server knows whether an account has this address. */
const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

export const CHOOSE_SOMEONE = 'Choose a person or a group from the list, or type a whole email address.';

interface ShareFormProps {
  target: ShareTarget;
  /** Ids of the accounts and groups that already have access: the search leaves them out. */
  excluded: ReadonlySet<string>;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The top of the Share dialog: find a person (name or email) or a group, pick a role, Share. What nobody
 * matches is said under the field, with the way to reach someone who has no account.
 */
export function ShareForm({ target, excluded, inputRef }: ShareFormProps) {
  const roleId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<GranteeOption | null>(null);
  const [role, setRole] = useState<ShareRole>('viewer');
  const [error, setError] = useState<string | null>(null);
  const [unknownEmail, setUnknownEmail] = useState<string | null>(null);
  // Once someone is picked the field holds their name: that is not a new search.
  const search = useGranteeSearch(chosen ? '' : text, excluded);
  const create = useCreateShare(target);
  const noMatch = !chosen && search.settled && search.options.length === 0 && !search.allHaveAccess;
  const allHaveAccess = !chosen && search.settled && search.allHaveAccess;

  const retype = (next: string) => {
    setText(next);
    setChosen(null);
    setError(null);
    setUnknownEmail(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const grantee: GranteeRef | null = chosen?.ref ?? (looksLikeEmail(text) ? { email: text.trim() } : null);
    if (!grantee) {
      setError(CHOOSE_SOMEONE);
      inputRef.current?.focus();
      return;
    }
    create.mutate(
      { grantee, role },
      {
        onSuccess: () => {
          retype('');
          inputRef.current?.focus();
        },
        onError: (failure) => {
          if ('email' in grantee && failure instanceof ApiError && failure.status === 404) {
            setUnknownEmail(grantee.email);
          } else {
            setError(messageOf(failure, 'Failed to share'));
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1">
      <SearchCombobox
        label="Add people or groups"
        placeholder="Name, email or group"
        value={text}
        onChange={retype}
        options={chosen ? [] : search.options}
        onPick={(option) => {
          setChosen(option as GranteeOption);
          setText(option.label);
          setError(null);
        }}
        describedBy={hintId}
        inputRef={inputRef}
      />
      {chosen && (
        <p className="text-sm">
          Sharing with <strong className="break-words">{chosen.label}</strong>
          {chosen.detail && <span className="text-base-content/80"> ({chosen.detail})</span>}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="fieldset min-w-32 flex-1">
          <label htmlFor={roleId} className="fieldset-legend text-sm">
            Role
          </label>
          <select
            id={roleId}
            className="select w-full"
            value={role}
            aria-describedby={hintId}
            onChange={(event) => setRole(event.target.value as ShareRole)}
          >
            {ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <PendingButton type="submit" className="btn-primary mb-1" pending={create.isPending}>
          Share
        </PendingButton>
      </div>
      <p id={hintId} className="text-xs text-base-content/90">
        {ROLE_HINTS[role]}
      </p>
      <div aria-live="polite">
        {allHaveAccess && (
          <p className="mt-2 text-sm break-words">Everyone matching “{text.trim()}” already has access.</p>
        )}
        {(noMatch || unknownEmail) && (
          <NoAccountHint
            target={target}
            what={unknownEmail ? `the email “${unknownEmail}”` : null}
            text={text}
          />
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * Sharing inside the instance needs an account: the hint offers the two ways to reach someone without one, a
 * share link (a file's or a folder's) or an invite (an administrator makes it; anyone else is told to ask).
 */
function NoAccountHint({ target, what, text }: { target: ShareTarget; what: string | null; text: string }) {
  const { data: user } = useCurrentUser();
  return (
    <div className="mt-2 flex flex-col gap-1 rounded-box bg-base-200 p-3 text-sm">
      <p className="break-words">
        {what
          ? `No account has ${what}.`
          : `No account or group matches “${text.trim()}”. Someone you do not share with yet is found by their full email address.`}{' '}
        People need an account on this instance before you can share with them.
      </p>
      {target.kind === 'file' ? (
        <Link to={`/dashboard/file/${target.id}`} className="link font-medium">
          Make a public link instead
        </Link>
      ) : (
        <p>Or give them a public link to this folder: Public link… in the folder’s menu.</p>
      )}
      {user?.role === 'admin' ? (
        <Link to="/dashboard/admin/settings" className="link font-medium">
          Invite them to this instance
        </Link>
      ) : (
        <p>To give them an account, ask an administrator for an invite.</p>
      )}
    </div>
  );
}
