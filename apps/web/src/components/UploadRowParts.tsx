import { formatSize } from '@cloudstash/contract';
import type { TransferItem } from '../api/transfer-queue';

/** A row of either upload list; `rate` (bytes per second) where its queue measures one. */
type RowItem = TransferItem & { rate?: number | null };

/** What a file's row says under its name: waiting, its bytes so far (and speed), done, or why it failed. */
export function uploadStatusText(item: RowItem): string {
  switch (item.status) {
    case 'waiting':
      return 'Waiting';
    case 'uploading':
      return [
        `${formatSize(item.sent)} of ${formatSize(item.size)}`,
        typeof item.rate === 'number' && `${formatSize(item.rate)}/s`,
      ]
        .filter(Boolean)
        .join(' · ');
    case 'done':
      return 'Done';
    case 'cancelled':
      return 'Cancelled';
    case 'failed':
      return item.error ?? 'Failed';
  }
}

/** The file's bar while it goes, named after the file (`label`). */
export function UploadProgress({
  item,
  label,
  className,
}: {
  item: RowItem;
  label: string;
  className: string;
}) {
  if (item.status !== 'uploading') return null;
  const percent = item.size ? Math.floor((item.sent / item.size) * 100) : 0;
  return (
    <progress
      className={`progress progress-primary w-full ${className}`}
      value={percent}
      max={100}
      aria-label={`${label} progress`}
    />
  );
}

/** Retry for a failed or cancelled file, Cancel for one waiting or going; each names the file (`label`). */
export function UploadRowActions({
  item,
  label,
  onRetry,
  onCancel,
  retryClassName = 'btn-ghost',
}: {
  item: RowItem;
  label: string;
  onRetry: () => void;
  onCancel: () => void;
  retryClassName?: string;
}) {
  const canRetry = item.status === 'failed' || item.status === 'cancelled';
  const canCancel = item.status === 'waiting' || item.status === 'uploading';
  return (
    <>
      {canRetry && (
        <button
          type="button"
          className={`btn ${retryClassName} btn-xs`}
          onClick={onRetry}
          aria-label={`Retry ${label}`}
        >
          Retry
        </button>
      )}
      {canCancel && (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          onClick={onCancel}
          aria-label={`Cancel ${label}`}
        >
          Cancel
        </button>
      )}
    </>
  );
}
