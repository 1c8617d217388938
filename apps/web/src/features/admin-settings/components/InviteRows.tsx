import { formatDate, type OutstandingInvite } from '@cloudstash/contract';
import { ResponsiveRows } from '../../../components/ResponsiveRows';

const CAPTION = 'Outstanding invites';

/** Who may register with an invite: its one address, or whoever holds the link. */
export const inviteFor = (invite: OutstandingInvite) => invite.email ?? 'Anyone with the link';

/** The server names no one when the account that made the invite has since been deleted. */
const madeBy = (invite: OutstandingInvite) => invite.createdBy.name || 'Unknown User';

/**
 * Several invites may be for the same people (two links for anyone), made the same day: among those, the
 * invite's number (1 = the newest) tells their Revoke buttons apart when read aloud.
 */
function revokeName(invite: OutstandingInvite, invites: OutstandingInvite[]): string {
  const base = `Revoke invite for ${inviteFor(invite)}, expires ${formatDate(invite.expiresAt)}`;
  const alike = invites.filter((other) => inviteFor(other) === inviteFor(invite));
  return alike.length > 1 ? `${base}, number ${alike.indexOf(invite) + 1} of ${alike.length}` : base;
}

function RevokeButton({
  invite,
  invites,
  onRevoke,
}: {
  invite: OutstandingInvite;
  invites: OutstandingInvite[];
  onRevoke: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline btn-error"
      onClick={onRevoke}
      aria-label={revokeName(invite, invites)}
      // What focus moves to when a neighbouring invite is revoked.
      data-invite-id={invite._id}
    >
      Revoke
    </button>
  );
}

/**
 * Outstanding invites: a table on wide screens, a card each on phones (only one of the two is displayed), each
 * with its Revoke button.
 */
export function InviteRows({
  invites,
  onRevoke,
}: {
  invites: OutstandingInvite[];
  onRevoke: (invite: OutstandingInvite) => void;
}) {
  return (
    <ResponsiveRows
      items={invites}
      keyOf={(invite) => invite._id}
      caption={CAPTION}
      headings={['For', 'Made by', 'Expires']}
      zebra={false}
      cells={(invite) => (
        <>
          <td className={`break-all ${invite.email ? 'font-medium' : 'text-base-content/80'}`}>
            {inviteFor(invite)}
          </td>
          <td className="break-words">{madeBy(invite)}</td>
          <td className="whitespace-nowrap">{formatDate(invite.expiresAt)}</td>
          <td className="text-right">
            <RevokeButton invite={invite} invites={invites} onRevoke={() => onRevoke(invite)} />
          </td>
        </>
      )}
      cardClassName="flex flex-col gap-2 rounded-box border border-base-300 p-4"
      card={(invite) => (
        <>
          <p className={`break-all ${invite.email ? 'font-semibold' : 'text-base-content/80'}`}>
            {inviteFor(invite)}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/80">Made by</dt>
            <dd className="break-words">{madeBy(invite)}</dd>
            <dt className="text-base-content/80">Expires</dt>
            <dd>{formatDate(invite.expiresAt)}</dd>
          </dl>
          <div>
            <RevokeButton invite={invite} invites={invites} onRevoke={() => onRevoke(invite)} />
          </div>
        </>
      )}
    />
  );
}
