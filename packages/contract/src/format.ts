const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** A size as shown: the rounded figure, its unit, and the bytes a reader takes that figure to mean. */
function sizeFigure(bytes: number, decimals: number): { text: string; shownBytes: number } {
  if (!Number.isFinite(bytes) || bytes <= 0) return { text: '0 Bytes', shownBytes: 0 };
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = parseFloat((bytes / 1024 ** exponent).toFixed(decimals));
  return { text: `${value} ${SIZE_UNITS[exponent]}`, shownBytes: value * 1024 ** exponent };
}

/** Size display: base 1024, two decimals, Bytes/KB/MB/GB. */
export function formatSize(bytes: number): string {
  return sizeFigure(bytes, 2).text;
}

/** The bytes formatSize's figure reads as ("5 MB" for 5,242,881 bytes reads as 5,242,880). */
export function shownSizeBytes(bytes: number): number {
  return sizeFigure(bytes, 2).shownBytes;
}

/**
 * A size that is over a limit which reads as `limitShownBytes`, worded so that it visibly is: formatSize's two
 * decimals when they already show more than the limit, a third when that is enough ("5.004 MB"), else the exact
 * count of bytes ("5,242,881 Bytes" rather than a "5 MB" that equals a 5MB limit).
 */
export function formatSizeAbove(bytes: number, limitShownBytes: number): string {
  for (const decimals of [2, 3]) {
    const figure = sizeFigure(bytes, decimals);
    if (figure.shownBytes > limitShownBytes) return figure.text;
  }
  return `${bytes.toLocaleString('en-US')} Bytes`;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Dates: en-US, short month, with hour and minute. */
export function formatDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMAT.format(date);
}

/** A ratio as a percentage with one decimal ("37.5%"); 0% when the whole is empty. */
export function formatPercent(part: number, whole: number): string {
  if (!whole) return '0.0%';
  return `${((part / whole) * 100).toFixed(1)}%`;
}

/**
 * Uploads per stored content as "{n}x": two decimals under 10 so a little deduplication still shows (68 uploads of
 * 66 contents read 1.03x, not 1.0x), one decimal from 10 up where the second adds nothing. 0 unique files: 0.00x.
 */
export function formatRatio(uploads: number, unique: number): string {
  const ratio = unique ? uploads / unique : 0;
  return `${ratio.toFixed(ratio < 10 ? 2 : 1)}x`;
}

/** The filename default: the chosen file's name without its extension. */
export function filenameWithoutExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
