import { formatPercent, formatSize } from '@cloudstash/contract';

interface QuotaBarProps {
  usedBytes: number;
  quotaBytes: number;
}

/** "{used} used of {quota}" with a bar; it turns to a warning colour near the end and to an error when full. */
export function QuotaBar({ usedBytes, quotaBytes }: QuotaBarProps) {
  const fraction = quotaBytes > 0 ? Math.min(1, usedBytes / quotaBytes) : 1;
  const tone = fraction >= 1 ? 'progress-error' : fraction >= 0.9 ? 'progress-warning' : 'progress-primary';
  const summary = `${formatSize(usedBytes)} used of ${formatSize(quotaBytes)}`;
  return (
    <section
      aria-label="Storage quota"
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{summary}</span>
        <span className="text-sm tabular-nums text-base-content/70">
          {formatPercent(Math.min(usedBytes, quotaBytes), quotaBytes)}
        </span>
      </div>
      <progress
        className={`progress w-full ${tone}`}
        value={Math.round(fraction * 1000)}
        max={1000}
        aria-label={summary}
      />
    </section>
  );
}
