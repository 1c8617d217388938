import { useEffect, useRef, useState } from 'react';
import type { OutstandingInvite } from '@cloudstash/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionCard } from '../../../components/SectionCard';
import { ErrorState, LoadingState } from '../../../components/States';
import { focusRowByData } from '../../../lib/focus';
import { useOutstandingInvites, useRevokeInvite } from '../api/invites';
import { InviteRows, inviteFor } from './InviteRows';

/** The invite whose Revoke button takes focus once `gone` has left the list: the next one, else the one before. */
function neighbourOf(invites: OutstandingInvite[], gone: OutstandingInvite): string | null {
  const at = invites.findIndex((invite) => invite._id === gone._id);
  return (invites[at + 1] ?? invites[at - 1])?._id ?? null;
}

/**
 * The invites that can still be used, with who made them and until when, each revocable after a confirmation.
 * A revoked invite's button is gone with its row: focus moves to a neighbour's (the screen's heading when none
 * is left) rather than falling to the page's start.
 */
export function OutstandingInvitesSection() {
  const invites = useOutstandingInvites();
  const revoke = useRevokeInvite();
  const [revoking, setRevoking] = useState<OutstandingInvite>();
  // Set as the revoke is sent: undefined when focus should stay where the dialog gives it back.
  const focusNext = useRef<string | null>(undefined);

  // Runs once the dialog has closed (its own effect runs first) after a revoke, when the refetched list is drawn.
  useEffect(() => {
    if (revoking || focusNext.current === undefined) return;
    focusRowByData('invite-id', focusNext.current);
    focusNext.current = undefined;
  }, [revoking]);

  const onConfirm = () => {
    if (!revoking) return;
    focusNext.current = neighbourOf(invites.data ?? [], revoking);
    revoke.mutate(revoking._id, {
      onError: () => {
        focusNext.current = undefined;
      },
      onSettled: () => setRevoking(undefined),
    });
  };

  return (
    <SectionCard
      title="Outstanding invites"
      description="Invites not yet used, revoked or expired. A link is shown only when it is made; revoke an invite to stop its link working."
    >
      {invites.isPending && <LoadingState label="Loading invites" />}
      {invites.isError && <ErrorState message="Failed to load invites" />}
      {invites.data?.length === 0 && <p className="text-base-content/80">No outstanding invites.</p>}
      {invites.data && invites.data.length > 0 && (
        <InviteRows invites={invites.data} onRevoke={setRevoking} />
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        title="Revoke invite"
        message={`The invite for ${revoking ? inviteFor(revoking) : ''} stops working at once: its link can no longer be used to register. This cannot be undone.`}
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={onConfirm}
        onCancel={() => setRevoking(undefined)}
      />
    </SectionCard>
  );
}
