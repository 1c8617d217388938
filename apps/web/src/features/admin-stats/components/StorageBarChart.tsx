import { formatSize } from '@cloudstash/contract';

interface StorageBarChartProps {
  logical: number;
  physical: number;
}

/**
 * Logical (what users uploaded) against physical (what is stored once deduplicated), drawn with plain CSS:
 * two bars need no chart library. Every bar carries its value as text, so nothing is conveyed by width alone.
 */
export function StorageBarChart({ logical, physical }: StorageBarChartProps) {
  const max = Math.max(logical, physical, 1);
  const bars = [
    { label: 'Logical size (all uploads)', value: logical, className: 'bg-primary' },
    { label: 'Physical size (stored once)', value: physical, className: 'bg-success' },
  ];
  return (
    <figure
      aria-labelledby="storage-chart-title"
      className="flex w-full flex-col items-stretch justify-start gap-4"
    >
      <figcaption id="storage-chart-title" className="font-semibold">
        Logical vs physical storage
      </figcaption>
      <ul className="flex flex-col gap-4">
        {bars.map((bar) => {
          const percent = (bar.value / max) * 100;
          return (
            <li key={bar.label} className="flex flex-col gap-1">
              <div className="flex flex-wrap justify-between gap-2 text-sm">
                <span>{bar.label}</span>
                <span className="font-semibold tabular-nums">{formatSize(bar.value)}</span>
              </div>
              <div
                className="h-6 w-full overflow-hidden rounded-full bg-base-300"
                role="img"
                aria-label={`${bar.label}: ${formatSize(bar.value)}, ${percent.toFixed(0)}% of the larger bar`}
              >
                <div
                  className={`h-full rounded-full ${bar.className} transition-[width] duration-500`}
                  style={{ width: `${percent}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
