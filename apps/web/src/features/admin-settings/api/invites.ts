import { useQuery } from '@tanstack/react-query';
import type { CreateInvitesBody, CreatedInvites, Envelope, OutstandingInvite } from '@cloudstash/contract';
import { useActionMutation } from '../../../api/action-mutation';
import { apiData, apiRequest } from '../../../api/api-client';

/**
 * Under 'admin' like every administrator's list, so what refreshes admin data refreshes it too; kept here, as
 * only the invite screens use it.
 */
const outstandingInvitesKey = ['admin', 'invites'] as const;

/** POST /admin/invites: `count` links for anyone holding one, or one link only `email` may register with. */
export const useCreateInvites = () =>
  useActionMutation({
    mutationFn: (body: CreateInvitesBody) =>
      apiRequest<Envelope<CreatedInvites>>('/admin/invites', { method: 'POST', body }),
    failedMessage: 'Failed to create the invite links',
    invalidates: [outstandingInvitesKey],
  });

/** GET /admin/invites: invites not yet used, revoked or expired, newest first (never their links). */
export const useOutstandingInvites = () =>
  useQuery({
    queryKey: outstandingInvitesKey,
    queryFn: ({ signal }) => apiData<OutstandingInvite[]>('/admin/invites', { signal }),
  });

/** DELETE /admin/invites/{id}: the link stops working at once; the server's "Invite revoked" is the toast. */
export const useRevokeInvite = () =>
  useActionMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>(`/admin/invites/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    failedMessage: 'Failed to revoke the invite',
    invalidates: [outstandingInvitesKey],
  });
