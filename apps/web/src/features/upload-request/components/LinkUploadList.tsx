import { memo, useId, useMemo, useRef } from 'react';
import { formatDate, formatSize } from '@cloudstash/contract';
import { goingFirst } from '../../../api/transfer-queue';
import type { LinkUploadItem, LinkUploadQueue } from '../visitor/link-upload-queue';
import type { SentFile } from '../visitor/sent-files';
import { uploadSummary } from '../visitor/link-room';
import { UploadProgress, UploadRowActions, uploadStatusText } from '../../../components/UploadRowParts';

/**
 * The files this browser sent through the link, and only those: the visitor never sees what else the folder
 * holds. This visit's files first (those going at the top), then what it sent before a reload or on an
 * earlier visit, newest first, from its own record.
 */
export function LinkUploadList({
  items,
  earlier,
  queue,
}: {
  items: readonly LinkUploadItem[];
  earlier: readonly SentFile[];
  queue: LinkUploadQueue;
}) {
  const headingId = useId();
  const rows = useMemo(() => goingFirst(items), [items]);
  const before = useMemo(() => [...earlier].reverse(), [earlier]);
  if (items.length === 0 && earlier.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-2 p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 id={headingId} className="text-lg font-semibold">
            Your files
          </h2>
          {/* Changes only when a file starts, ends or fails, so a screen reader hears each step once. */}
          <p className="text-sm text-base-content/80" aria-live="polite">
            {items.length > 0 && uploadSummary(items)}
          </p>
        </div>
        <ul className="flex flex-col divide-y divide-base-300">
          {rows.map((item) => (
            <UploadRow key={item.id} item={item} queue={queue} />
          ))}
          {before.map((file, index) => (
            <SentEarlierRow key={`${file.at}-${index}`} file={file} />
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
      <NameAndSize name={item.name} size={item.size} />
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

/** A file sent before this page was loaded: its name, size and when it arrived. */
function SentEarlierRow({ file }: { file: SentFile }) {
  return (
    <li className="flex flex-col gap-1 py-3" data-upload-status="sent-earlier">
      <NameAndSize name={file.name} size={file.size} />
      <p className="text-sm text-base-content/80">
        <span aria-hidden="true">✓ </span>Sent {formatDate(file.at)}
      </p>
    </li>
  );
}

/** A row's first line in either part of the list: the file's name, cut short with its whole name as a title. */
function NameAndSize({ name, size }: { name: string; size: number }) {
  return (
    <div className="flex items-center gap-2">
      <span className="min-w-0 flex-1 truncate font-medium" title={name}>
        {name}
      </span>
      <span className="text-sm whitespace-nowrap text-base-content/80 tabular-nums">{formatSize(size)}</span>
    </div>
  );
}
