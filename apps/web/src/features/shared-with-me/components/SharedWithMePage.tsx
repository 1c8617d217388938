import { useEffect, useRef, useState } from 'react';
import type { SharedWithMeItem } from '@cloudstash/contract';
import { useDeleteShare } from '../../../api/shares';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { PendingButton } from '../../../components/PendingButton';
import { EmptyState, ErrorState, LoadingState } from '../../../components/States';
import { focusScreenHeading } from '../../../lib/focus';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSharedSearch, useSharedWithMe } from '../api/shared-with-me';
import { SharedItemRows } from './SharedItemRows';
import { SharedSearchHits } from './SharedSearchHits';

/** The search box: names anywhere in what is shared, shared folders' contents included. */
function SharedSearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <search>
      <label className="flex max-w-md flex-col gap-1">
        <span className="text-sm font-medium">Search shared with me</span>
        <input
          type="search"
          className="input w-full"
          placeholder="Search by name, inside shared folders too"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </search>
  );
}

/**
 * /dashboard/shared-with-me: the files and folders other people shared with the caller, folders first, each
 * with its owner and the caller's role. A folder opens in a browser like My Files'; a file on its preview page.
 * A direct share can be left (after a confirmation); what comes through a group stays while the group does.
 * The search finds names anywhere in what is shared, inside shared folders too, each hit saying where it lies.
 */
export default function SharedWithMePage() {
  const items = useSharedWithMe();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const found = useSharedSearch(q);
  const leave = useDeleteShare('Failed to leave the share');
  const [leaving, setLeaving] = useState<SharedWithMeItem | null>(null);
  // The left row's button is gone: once the dialog has closed, focus lands on the heading.
  const left = useRef(false);
  useEffect(() => {
    if (leaving || !left.current) return;
    left.current = false;
    focusScreenHeading();
  }, [leaving]);

  const confirmLeave = () => {
    if (!leaving?.shareId) return;
    leave.mutate(leaving.shareId, {
      onSuccess: () => {
        left.current = true;
      },
      onSettled: () => setLeaving(null),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Shared with me"
        subtitle="Files and folders other people of this instance shared with you."
      />
      {items.isPending ? (
        <LoadingState label="Loading what is shared with you" />
      ) : items.isError ? (
        <ErrorState message="Failed to load what is shared with you">
          <PendingButton
            type="button"
            className="btn-sm"
            onClick={() => void items.refetch()}
            pending={items.isFetching}
          >
            Retry
          </PendingButton>
        </ErrorState>
      ) : items.data.length === 0 ? (
        <EmptyState message="Nothing is shared with you yet">
          <p className="text-sm text-base-content/80">
            When someone shares a file or a folder with you or your group, it shows here.
          </p>
        </EmptyState>
      ) : (
        <>
          <SharedSearchBox value={search} onChange={setSearch} />
          {q === '' ? (
            <SharedItemRows items={items.data} busy={leave.isPending} onLeave={setLeaving} />
          ) : found.isError ? (
            <ErrorState message="Failed to search what is shared with you" />
          ) : found.data ? (
            <SharedSearchHits found={found.data} q={q} />
          ) : (
            <LoadingState label="Searching what is shared with you" />
          )}
        </>
      )}
      <ConfirmDialog
        open={leaving !== null}
        title={`Leave ${leaving?.name ?? ''}?`}
        message={`You will no longer see it. Only ${leaving?.owner.name ?? 'its owner'} can share it with you again.`}
        confirmLabel="Leave"
        pending={leave.isPending}
        onConfirm={confirmLeave}
        onCancel={() => setLeaving(null)}
      />
    </div>
  );
}
