import { useQuery } from '@tanstack/react-query';
import {
  ACCOUNT_MESSAGES,
  inviteTokenParamsSchema,
  type InviteState,
  type InviteStatus,
} from '@cloudstash/contract';
import { apiData } from '../../../api/api-client';

/** Only the registration page asks, about its own link: the key lives here rather than in the shared list. */
const inviteStatusKey = (token: string) => ['invite-status', token] as const;

/** What the registration page says at once for a link that can no longer be used. */
const UNUSABLE_INVITE_MESSAGES: Record<Exclude<InviteState, 'usable'>, string> = {
  used: ACCOUNT_MESSAGES.inviteUsed,
  revoked: ACCOUNT_MESSAGES.inviteRevoked,
  expired: ACCOUNT_MESSAGES.inviteExpired,
  invalid: ACCOUNT_MESSAGES.inviteInvalid,
};

/** Null while the link can still be used (or nothing is known about it yet). */
export const unusableInviteMessage = (status: InviteStatus | undefined): string | null =>
  status && status.state !== 'usable' ? UNUSABLE_INVITE_MESSAGES[status.state] : null;

/**
 * GET /users/invites/{token}: whether the invite of the registration link is still usable, and the address it
 * is bound to, so the person learns it before filling in the form. A token the server would refuse to look up
 * (too long, say) cannot be an invite: it is invalid without asking.
 */
export const useInviteStatus = (token: string | undefined) =>
  useQuery({
    queryKey: inviteStatusKey(token ?? ''),
    queryFn: ({ signal }): Promise<InviteStatus> =>
      inviteTokenParamsSchema.safeParse({ token }).success
        ? apiData<InviteStatus>(`/users/invites/${encodeURIComponent(token!)}`, { signal })
        : Promise.resolve({ state: 'invalid', email: null }),
    enabled: token !== undefined,
  });
