import { useFileDownloads } from '../api/links';

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Downloads over the last 30 days, one bar per day, drawn with plain CSS like the storage chart. The bars are
 * a picture; the same figures are in a list for screen readers, and the total is written out.
 */
export function FileDownloadsChart({ fileId }: { fileId: string }) {
  const { data, isError } = useFileDownloads(fileId);
  if (isError || !data) return null;
  const max = Math.max(...data.days.map((d) => d.count), 1);
  const busy = data.days.filter((d) => d.count > 0);
  return (
    <section aria-labelledby="downloads-chart" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id="downloads-chart" className="card-title">
          Downloads over time
        </h2>
        <p className="text-sm">
          <span className="text-2xl font-bold tabular-nums" data-testid="downloads-total">
            {data.total}
          </span>{' '}
          {data.total === 1 ? 'download' : 'downloads'} in the last 30 days
        </p>
        <div className="flex h-24 items-end gap-px" aria-hidden="true">
          {data.days.map((day) => (
            <div
              key={day.date}
              className={`flex-1 rounded-t-sm ${day.count ? 'bg-primary' : 'bg-base-300'}`}
              style={{ height: `${Math.max((day.count / max) * 100, 3)}%` }}
              title={`${dayLabel.format(new Date(day.date))}: ${day.count}`}
            />
          ))}
        </div>
        <div className="flex justify-between text-xs text-base-content/70" aria-hidden="true">
          <span>{dayLabel.format(new Date(data.days[0]!.date))}</span>
          <span>Today</span>
        </div>
        {/* What both this chart and the Downloads figure count, so that neither surprises. */}
        <p className="text-xs text-base-content/70">
          Counts each download through a link and by anyone signed in (once a minute per person). A zip you
          make of your own files is not counted.
        </p>
        <ul className="sr-only">
          {busy.length === 0 ? (
            <li>No downloads in the last 30 days.</li>
          ) : (
            busy.map((day) => (
              <li key={day.date}>
                {dayLabel.format(new Date(day.date))}: {day.count}{' '}
                {day.count === 1 ? 'download' : 'downloads'}
              </li>
            ))
          )}
        </ul>
      </div>
    </section>
  );
}
