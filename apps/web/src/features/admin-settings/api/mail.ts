import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope, MailStatus, TestMailResult } from '@cloudstash/contract';
import { apiData, apiRequest } from '../../../api/api-client';

/** Kept here, not in the shared keys: only the mail section reads it. Under the settings key, it refreshes with them. */
const mailStatusKey = ['admin', 'settings', 'mail'] as const;

/** GET /admin/settings/mail: whether mail is configured, and the outbox's pending and failed mails. */
export const useMailStatus = () =>
  useQuery({
    queryKey: mailStatusKey,
    queryFn: ({ signal }) => apiData<MailStatus>('/admin/settings/mail', { signal }),
  });

/**
 * POST /admin/settings/mail/test: the answer says whether the SMTP server took the mail, with its own words
 * when it did not; the section shows that in place (a toast would vanish before it is read).
 */
export const useSendTestMail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Envelope<TestMailResult>>('/admin/settings/mail/test', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailStatusKey }),
  });
};
