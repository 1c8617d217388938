import { memo, useId, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { UploadProgress, UploadRowActions, uploadStatusText } from '../../../components/UploadRowParts';
import { goingFirst } from '../../../api/transfer-queue';
import type { UploadItem, UploadQueue } from '../queue/upload-queue';
import { useUploadQueue, useUploadQueueState } from '../queue/upload-queue-context';
import { useRoomForPanel } from './use-room-for-panel';

/** How the panel sums up the queue: "3 of 30 uploaded · 1 failed". */
export function queueSummary(items: readonly UploadItem[]): string {
  const count = (status: UploadItem['status']) => items.filter((item) => item.status === status).length;
  const done = count('done');
  const failed = count('failed');
  const running = count('uploading') + count('waiting');
  const parts = [`${done} of ${items.length - count('cancelled')} uploaded`];
  if (failed) parts.push(`${failed} failed`);
  if (!running && !failed) parts.push('all done');
  return parts.join(' · ');
}

/**
 * The signed-in frame's upload panel: every file of this session's drops and picks with its progress, speed,
 * done, or the reason it was refused; retry and cancel per file. The files going now come first, and on a phone
 * the panel takes at most the bottom 40 % of the screen (its list scrolls), so the page stays usable beside it. After a reload it offers to resume the
 * unfinished uploads it remembers (the person chooses those files again: a page cannot reopen them itself).
 */
export function UploadPanel() {
  const queue = useUploadQueue();
  const { items, carried } = useUploadQueueState();
  const [collapsed, setCollapsed] = useState(false);
  const listId = useId();
  const resumeInput = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLElement>(null);
  const shown = items.length > 0 || carried.length > 0;
  const rows = useMemo(() => goingFirst(items), [items]);
  useRoomForPanel(panel, shown);
  if (!shown) return null;
  const open = items.some((item) => item.status === 'waiting' || item.status === 'uploading');

  const onResumeChosen = (files: FileList | null) => {
    const found = queue.resume([...(files ?? [])]);
    if (resumeInput.current) resumeInput.current.value = '';
    if (found === 0) toast.error('None of the chosen files is among the unfinished uploads');
  };

  return (
    <section
      ref={panel}
      aria-labelledby={`${listId}-title`}
      className="fixed inset-x-0 bottom-0 z-40 flex max-h-[40dvh] flex-col sm:max-h-[70dvh] rounded-t-box border border-base-300 bg-base-100 shadow-xl sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-[26rem] sm:rounded-box"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-base-300 p-3">
        <h2 id={`${listId}-title`} className="font-semibold">
          Uploads
        </h2>
        <p className="flex-1 text-sm text-base-content/80" aria-live="polite">
          {items.length > 0 && queueSummary(items)}
        </p>
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          aria-expanded={!collapsed}
          aria-controls={listId}
          onClick={() => setCollapsed((now) => !now)}
        >
          {collapsed ? 'Show' : 'Hide'}
        </button>
        {open ? (
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => queue.cancelAll()}>
            Cancel all
          </button>
        ) : (
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => queue.clearFinished()}>
            Clear
          </button>
        )}
      </div>
      {/* Focusable: a list longer than the panel scrolls, and keyboard users scroll it with the arrow keys. */}
      <div
        id={listId}
        hidden={collapsed}
        className="overflow-y-auto"
        tabIndex={0}
        aria-labelledby={`${listId}-title`}
        role="group"
      >
        {carried.length > 0 && (
          <div role="status" className="flex flex-col gap-2 border-b border-base-300 p-3 text-sm">
            <p>
              {carried.length === 1
                ? '1 upload did not finish before the page was closed.'
                : `${carried.length} uploads did not finish before the page was closed.`}{' '}
              Choose the same files again to resume them.
            </p>
            <div className="flex flex-wrap gap-2">
              <label className="btn btn-primary btn-xs">
                Choose files to resume
                <input
                  ref={resumeInput}
                  type="file"
                  multiple
                  className="sr-only"
                  onChange={(event) => onResumeChosen(event.target.files)}
                />
              </label>
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => queue.forget()}>
                Forget them
              </button>
            </div>
          </div>
        )}
        {items.length > 0 && (
          <ul className="divide-y divide-base-300" aria-label="Files being uploaded">
            {rows.map((item) => (
              <UploadRow key={item.id} item={item} queue={queue} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * One file's row. It renders again only when its own item changes (the queue keeps an unchanged item's object),
 * so a change to one file of a thousand costs one row.
 */
const UploadRow = memo(function UploadRow({ item, queue }: { item: UploadItem; queue: UploadQueue }) {
  return (
    <li
      className="flex flex-col gap-1 px-3 py-2 [contain-intrinsic-size:auto_3.5rem] [content-visibility:auto]"
      data-upload-status={item.status}
    >
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={item.label}>
          {item.label}
        </span>
        <UploadRowActions
          item={item}
          label={item.label}
          onRetry={() => queue.retry(item.id)}
          onCancel={() => queue.cancel(item.id)}
        />
      </div>
      <UploadProgress item={item} label={item.label} className="h-1.5" />
      <p className={`text-xs ${item.status === 'failed' ? 'text-error' : 'text-base-content/80'}`}>
        {uploadStatusText(item)}
      </p>
    </li>
  );
});
