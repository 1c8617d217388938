import { useEffect, useRef, useState } from 'react';
import type { TrashItem } from '@cloudstash/contract';
import { useTrashDays } from '../../../api/upload-config';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { PagedListView } from '../../../components/PagedListView';
import { SelectAll } from '../../../components/SelectAll';
import { EmptyState } from '../../../components/States';
import { focusRowByData } from '../../../lib/focus';
import {
  EMPTY_SELECTION,
  clickEntry,
  entryKey,
  keepShown,
  rowAfterRemoval,
  selectionIds,
  toggleAll,
  type Entry,
  type Selection,
} from '../../../lib/selection';
import { usePurgeItems, useRestoreItems, useTrashList } from '../api/trash';
import { TrashRows } from './TrashRows';

/** What the Delete forever dialog is about to delete: some items (one named), or everything (Empty Trash). */
type Purging = { kind: 'items'; entries: Entry[]; name?: string } | { kind: 'all' };

const entryOf = (item: TrashItem): Entry => ({ kind: item.kind, id: item._id });
const idsOf = (entries: Entry[]): Selection => selectionIds(entries.map(entryKey));

function purgeWording(purging: Purging | null) {
  if (purging?.kind === 'all') {
    return {
      title: 'Empty Trash?',
      message: 'Everything in Trash will be deleted forever. This action cannot be undone.',
      confirmLabel: 'Empty Trash',
    };
  }
  const count = purging?.entries.length ?? 0;
  return {
    title: count === 1 ? 'Delete forever?' : `Delete ${count} items forever?`,
    message: `${purging?.name ? `“${purging.name}”` : count === 1 ? 'The chosen item' : 'The chosen items'} will be deleted forever. This action cannot be undone.`,
    confirmLabel: 'Delete forever',
  };
}

/**
 * /dashboard/trash: what the caller deleted while the instance keeps deleted items, newest deleted first; each
 * item (or the chosen ones) restored where it was or deleted forever, or the whole Trash emptied. Once rows
 * have left, focus goes to the row that took their place (the heading when none is left).
 */
export default function TrashPage() {
  const days = useTrashDays();
  const list = useTrashList();
  const restore = useRestoreItems();
  const purge = usePurgeItems();
  const [chosenState, setSelection] = useState(EMPTY_SELECTION);
  const [purging, setPurging] = useState<Purging | null>(null);
  // Rows on their way out, and the row to focus once they are gone (null: the heading). Set as the request
  // leaves, so that whichever comes last (the refetched list, the dialog closing) finds it.
  const leaving = useRef<{ keys: Set<string>; next: Entry | null } | null>(null);

  const order = list.items.map(entryOf);
  const selection = keepShown(chosenState, order);
  const chosen = order.filter((entry) => selection.keys.has(entryKey(entry)));
  const busy = restore.isPending || purge.isPending;

  // Waits for the dialog to close (it hands focus back to the button that opened it, which is gone) and for
  // the refetched list to drop the rows.
  useEffect(() => {
    const gone = leaving.current;
    if (!gone || purging) return;
    if (list.items.some((item) => gone.keys.has(entryKey(entryOf(item))))) return;
    leaving.current = null;
    focusRowByData('trash-id', gone.next?.id ?? null);
  }, [purging, list.items]);

  /** `entries` are about to leave the list: focus will move on from them, unless the request fails. */
  const willLeave = (entries: Entry[]) => {
    const keys = new Set(entries.map(entryKey));
    leaving.current = { keys, next: rowAfterRemoval(order, keys) };
    return {
      onError: () => {
        leaving.current = null;
      },
    };
  };
  const restoreEntries = (entries: Entry[]) => restore.mutate(idsOf(entries), willLeave(entries));
  const confirmPurge = () => {
    if (!purging) return;
    const entries = purging.kind === 'all' ? order : purging.entries;
    purge.mutate(purging.kind === 'all' ? undefined : idsOf(entries), {
      ...willLeave(entries),
      onSettled: () => setPurging(null),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Trash"
        subtitle={
          days
            ? `Deleted files and folders stay here for ${days} ${days === 1 ? 'day' : 'days'}, then they are deleted forever.`
            : 'This instance deletes files and folders at once; Trash keeps only what was deleted before.'
        }
        actions={
          list.items.length > 0 && (
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              disabled={busy}
              onClick={() => setPurging({ kind: 'all' })}
            >
              Empty Trash
            </button>
          )
        }
      />
      <PagedListView
        list={list}
        loadingLabel="Loading Trash"
        failedMessage="Failed to load Trash"
        empty={<EmptyState message="Trash is empty" />}
      >
        {(items) => (
          <>
            <div role="toolbar" aria-label="Selection" className="flex flex-wrap items-center gap-2">
              <SelectAll
                count={chosen.length}
                allChosen={chosen.length === order.length}
                onToggleAll={() => setSelection((now) => toggleAll(now, order))}
              />
              <div className="flex flex-wrap gap-2 sm:ml-auto">
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={chosen.length === 0 || busy}
                  onClick={() => restoreEntries(chosen)}
                >
                  Restore selected
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-sm"
                  disabled={chosen.length === 0 || busy}
                  onClick={() => setPurging({ kind: 'items', entries: chosen })}
                >
                  Delete selected forever
                </button>
              </div>
            </div>
            <TrashRows
              items={items}
              busy={busy}
              isChosen={(item) => selection.keys.has(entryKey(entryOf(item)))}
              onCheck={(item, shift) => setSelection((now) => clickEntry(now, order, entryOf(item), shift))}
              onRestore={(item) => restoreEntries([entryOf(item)])}
              onPurge={(item) => setPurging({ kind: 'items', entries: [entryOf(item)], name: item.name })}
            />
          </>
        )}
      </PagedListView>
      <ConfirmDialog
        open={purging !== null}
        {...purgeWording(purging)}
        pending={purge.isPending}
        onConfirm={confirmPurge}
        onCancel={() => setPurging(null)}
      />
    </div>
  );
}
