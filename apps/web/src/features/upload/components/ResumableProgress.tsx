import { formatSize } from '@cloudstash/contract';
import type { ResumableState } from '../api/resumable-upload';
import { timeLeft } from '../transfer-rate';

interface ResumableProgressProps {
  state: ResumableState;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}

/** A large upload under way: percent, speed and time left, with pause, resume and cancel. */
export function ResumableProgress({ state, onPause, onResume, onCancel }: ResumableProgressProps) {
  const percent = state.total ? Math.floor((state.sent / state.total) * 100) : 0;
  const left = timeLeft(state.total - state.sent, state.rate);
  const detail =
    state.status === 'paused'
      ? 'Paused'
      : state.status === 'failed'
        ? 'Upload stopped'
        : [state.rate !== null && `${formatSize(state.rate)}/s`, left && `${left} left`]
            .filter(Boolean)
            .join(' · ') || 'Starting...';
  return (
    <div className="flex flex-col gap-3 rounded-box bg-base-200 p-4">
      <UploadProgressBar percent={percent} />
      <p className="text-sm text-base-content/80" aria-live="polite">
        {formatSize(state.sent)} of {formatSize(state.total)} · {detail}
      </p>
      <div className="flex flex-wrap gap-2">
        {state.status === 'uploading' ? (
          <button type="button" className="btn btn-outline btn-sm" onClick={onPause}>
            Pause
          </button>
        ) : (
          <button type="button" className="btn btn-primary btn-sm" onClick={onResume}>
            Resume
          </button>
        )}
        <button type="button" className="btn btn-outline btn-error btn-sm" onClick={onCancel}>
          Cancel Upload
        </button>
      </div>
    </div>
  );
}

/** How far the bytes have gone, as a bar and a figure. */
export function UploadProgressBar({ percent }: { percent: number }) {
  return (
    <div className="flex items-center gap-3">
      <progress
        className="progress progress-primary flex-1"
        value={percent}
        max={100}
        aria-label="Upload progress"
      />
      <span className="w-12 text-right text-sm tabular-nums" aria-hidden="true">
        {percent}%
      </span>
      {/* Said in steps of ten, not at every percent, so a screen reader is not talked over. */}
      <span className="sr-only" aria-live="polite">
        Uploaded {Math.floor(percent / 10) * 10}%
      </span>
    </div>
  );
}
