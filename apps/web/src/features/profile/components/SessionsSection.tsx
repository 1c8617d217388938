import { formatDate, type AccountSession } from '@cloudstash/contract';
import { LoadMore } from '../../../components/LoadMore';
import { PendingButton } from '../../../components/PendingButton';
import { SectionCard } from '../../../components/SectionCard';
import { ErrorState, LoadingState } from '../../../components/States';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';

export function SessionsSection() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  // Counted on the server: the sessions not loaded yet are "others" too.
  const others = sessions.total - (sessions.items.some((session) => session.current) ? 1 : 0);

  return (
    <SectionCard title="Sessions" description="Where your account is signed in right now.">
      {sessions.isPending && <LoadingState label="Loading sessions" />}
      {sessions.failed && <ErrorState message="Failed to load sessions" />}
      {sessions.items.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Active sessions">
          {sessions.items.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={sessions.hasNextPage}
        isFetchingNextPage={sessions.isFetchingNextPage}
        onLoadMore={sessions.fetchNextPage}
      />
      {others > 0 && (
        <PendingButton
          type="button"
          className="btn-outline btn-error self-start"
          pending={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          Sign out all other sessions
        </PendingButton>
      )}
    </SectionCard>
  );
}

function SessionItem({ session }: { session: AccountSession }) {
  const end = useEndSession();
  const label = `${session.browser} on ${session.os}`;
  return (
    <li className="flex flex-col gap-2 rounded-box bg-base-200 p-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {label}
          {session.current && <span className="badge badge-success badge-sm ml-2">This device</span>}
        </p>
        <p className="text-sm break-words text-base-content/80">
          {session.address ?? 'Unknown address'} · Signed in {formatDate(session.createdAt)} · Last used{' '}
          {formatDate(session.lastUsedAt)}
        </p>
      </div>
      {!session.current && (
        <PendingButton
          type="button"
          className="btn-sm btn-outline self-start sm:self-center"
          pending={end.isPending}
          onClick={() => end.mutate(session.id)}
          aria-label={`Sign out ${label}, last used ${formatDate(session.lastUsedAt)}`}
        >
          Sign out
        </PendingButton>
      )}
    </li>
  );
}
