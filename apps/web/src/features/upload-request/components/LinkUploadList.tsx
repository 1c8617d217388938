import { memo, useId, useRef } from 'react';
import { formatSize } from '@cloudstash/contract';
import type { LinkUploadItem, LinkUploadQueue } from '../visitor/link-upload-queue';
import { uploadSummary } from '../visitor/link-room';
import { UploadProgress, UploadRowActions, uploadStatusText } from '../../../components/UploadRowParts';

/** The files sent in this visit, and only those: the visitor never sees what else the folder holds. */
export function LinkUploadList({
  items,
  queue,
}: {
  items: readonly LinkUploadItem[];
  queue: LinkUploadQueue;
}) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-2 p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 id={headingId} className="text-lg font-semibold">
            Your files
          </h2>
          {/* Changes only when a file starts, ends or fails, so a screen reader hears each step once. */}
          <p className="text-sm text-base-content/80" aria-live="polite">
            {uploadSummary(items)}
          </p>
        </div>
        <ul className="flex flex-col divide-y divide-base-300">
          {items.map((item) => (
            <UploadRow key={item.id} item={item} queue={queue} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** One file: its name and size, a bar while it goes, then done or the reason it failed, with Retry. */
const UploadRow = memo(function UploadRow({ item, queue }: { item: LinkUploadItem; queue: LinkUploadQueue }) {
  const row = useRef<HTMLLIElement>(null);
  const retry = () => {
    queue.retry(item.id);
    // The Retry button goes with the failure: the row keeps focus, so the next Tab is still here.
    row.current?.focus();
  };
  return (
    <li ref={row} tabIndex={-1} className="flex flex-col gap-1 py-3" data-upload-status={item.status}>
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-medium" title={item.name}>
          {item.name}
        </span>
        <span className="text-sm whitespace-nowrap text-base-content/80 tabular-nums">
          {formatSize(item.size)}
        </span>
      </div>
      <UploadProgress item={item} label={item.name} className="h-2" />
      <div className="flex items-center gap-2">
        <p
          className={`min-w-0 flex-1 text-sm break-words ${
            item.status === 'failed' ? 'text-error' : 'text-base-content/80'
          }`}
        >
          {item.status === 'done' && <span aria-hidden="true">✓ </span>}
          {uploadStatusText(item)}
        </p>
        <UploadRowActions
          item={item}
          label={item.name}
          onRetry={retry}
          onCancel={() => queue.cancel(item.id)}
          retryClassName="btn-outline"
        />
      </div>
    </li>
  );
});
