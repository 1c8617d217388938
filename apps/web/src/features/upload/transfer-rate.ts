/** One reading of an upload's progress: bytes sent so far, at a time in milliseconds. */
export interface ProgressSample {
  at: number;
  sent: number;
}

/** Readings older than this are dropped: the speed shown follows the connection as it is now. */
export const RATE_WINDOW_MS = 5000;

/** Adds a reading and keeps only the recent window (and at least the reading before it, for a rate). */
export function addSample(samples: readonly ProgressSample[], next: ProgressSample): ProgressSample[] {
  const recent = samples.filter((sample) => next.at - sample.at <= RATE_WINDOW_MS);
  const kept = recent.length ? recent : samples.slice(-1);
  return [...kept, next];
}

/** Bytes per second over the readings; null until two readings a moment apart exist. */
export function bytesPerSecond(samples: readonly ProgressSample[]): number | null {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at - first.at < 200) return null;
  return Math.max(0, ((last.sent - first.sent) * 1000) / (last.at - first.at));
}

/** "1 h 5 min", "3 min 20 s", "45 s": the time left at `rate` bytes per second; null when unknown. */
export function timeLeft(remainingBytes: number, rate: number | null): string | null {
  if (!rate) return null;
  const seconds = Math.ceil(remainingBytes / rate);
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
  if (seconds >= 60) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${seconds} s`;
}
