import { PendingButton } from '../../../components/PendingButton';
import { SectionCard } from '../../../components/SectionCard';
import { FormAlert } from '../../../components/States';
import { messageOf } from '../../../api/api-client';
import { formatDate } from '@cloudstash/contract';
import { useMailStatus, useSendTestMail } from '../api/mail';

/**
 * Mail: whether this instance sends any (SMTP_URL), what waits in its outbox or failed there (with the SMTP
 * server's own answer), and a test mail to the administrator's own address.
 */
export function MailSection() {
  const { data: status, isError } = useMailStatus();
  const test = useSendTestMail();
  const result = test.data?.data;
  return (
    <SectionCard
      title="Mail"
      description={
        status?.configured
          ? `Mail is sent from ${status.from} through the SMTP server of SMTP_URL.`
          : 'Mail is off: set SMTP_URL, MAIL_FROM and PUBLIC_ORIGIN in the server environment to send it.'
      }
    >
      {isError && <FormAlert message="Failed to load the mail status" />}
      {status?.configured && (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Waiting to be sent</dt>
            <dd>{status.pending}</dd>
            <dt className="font-medium">Failed</dt>
            <dd>{status.failed}</dd>
          </dl>
          {status.latestFailure && (
            <div className="text-sm">
              <p className="font-medium">
                Latest failure, to {status.latestFailure.recipient} ({formatDate(status.latestFailure.at)}):
              </p>
              <pre className="mt-1 overflow-x-auto rounded bg-base-200 p-2 text-xs whitespace-pre-wrap break-all">
                {status.latestFailure.error}
              </pre>
            </div>
          )}
          <div className="flex flex-col gap-2">
            <div>
              <PendingButton
                type="button"
                className="btn-outline"
                pending={test.isPending}
                onClick={() => test.mutate()}
              >
                Send test email
              </PendingButton>
            </div>
            <div aria-live="polite">
              {result?.ok && (
                <p role="status" className="alert alert-success alert-soft text-sm">
                  Test email sent to {result.to}.
                </p>
              )}
              {result && !result.ok && (
                <div role="alert" className="alert alert-error alert-soft flex-col items-start text-sm">
                  <p>The SMTP server did not take the test email to {result.to}:</p>
                  <pre className="text-xs whitespace-pre-wrap break-all">{result.error}</pre>
                </div>
              )}
              {test.isError && <FormAlert message={messageOf(test.error, 'Failed to send the test email')} />}
            </div>
          </div>
        </>
      )}
    </SectionCard>
  );
}
