import { createRequire } from 'node:module';
import autocannon, { type Options } from 'autocannon';

/**
 * autocannon 9 appends every response body chunk to a string (`req.body += chunk`), decoding it as UTF-8, which
 * caps it near 20 MB/s on 5 MB responses: it measured itself, not the server. Bodies are only needed for
 * `expectBody`/`onResponse`, which the bench never uses, so only their length is kept.
 */
const requireCjs = createRequire(import.meta.url);
const Queue = requireCjs('autocannon/lib/pipelinedRequestsQueue') as {
  prototype: { addBody(data: Buffer): void; peek(): { bodyBytes?: number } | undefined };
};
Queue.prototype.addBody = function addBody(data: Buffer) {
  const req = this.peek();
  if (req) req.bodyBytes = (req.bodyBytes ?? 0) + data.length;
};

export interface LoadResult {
  /** Responses with a 2xx status. */
  ok: number;
  failed: number;
  seconds: number;
  /** Bytes of 2xx response bodies and headers, as autocannon counts them. */
  bytesRead: number;
  /** Per-request latency of 2xx responses, in ms (full precision, from autocannon's response events). */
  latency: { p50: number; p90: number; p99: number; mean: number; count: number };
  /** Every 2xx response time, sorted (ms). */
  times: number[];
  statuses: Record<string, number>;
  /** The separate measurements this one combines (interleaved rounds), for the spread between them. */
  rounds?: LoadResult[];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** Runs autocannon (npm) against one URL and keeps every 2xx response time. */
export async function load(opts: Options): Promise<LoadResult> {
  const times: number[] = [];
  let bytes = 0;
  const instance = autocannon({ timeout: 120, ...opts });
  instance.on('response', (_client: unknown, status: number, resBytes: number, ms: number) => {
    if (status >= 200 && status < 300) {
      times.push(ms);
      bytes += resBytes;
    }
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count]));
  return {
    ok: times.length,
    failed: result.non2xx + result.errors + result.timeouts,
    seconds: result.duration,
    bytesRead: bytes,
    latency: {
      p50: percentile(times, 50),
      p90: percentile(times, 90),
      p99: percentile(times, 99),
      mean: times.reduce((a, b) => a + b, 0) / (times.length || 1),
      count: times.length,
    },
    times,
    statuses,
  };
}

export const MB = 1_000_000;
/** MB/s moved by the 2xx responses, counting `bytesEach` payload bytes per request. */
export const mbPerSecond = (r: LoadResult, bytesEach: number) => (r.ok * bytesEach) / MB / r.seconds;

/** Several measurements of the same thing (rounds) as one: counts and times add up, percentiles are recomputed. */
export function combine(results: LoadResult[]): LoadResult {
  const times = results.flatMap((r) => r.times).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const r of results)
    for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  return {
    ok: results.reduce((a, r) => a + r.ok, 0),
    failed: results.reduce((a, r) => a + r.failed, 0),
    seconds: results.reduce((a, r) => a + r.seconds, 0),
    bytesRead: results.reduce((a, r) => a + r.bytesRead, 0),
    latency: {
      p50: percentile(times, 50),
      p90: percentile(times, 90),
      p99: percentile(times, 99),
      mean: times.reduce((a, b) => a + b, 0) / (times.length || 1),
      count: times.length,
    },
    times,
    statuses,
  };
}

/**
 * Runs each named measurement for `seconds` in total, as `rounds` alternating slices (A, B, C, A, B, C, ...),
 * so that noise from the rest of a shared machine falls on all of them alike.
 */
export async function interleaved<K extends string>(
  rounds: number,
  seconds: number,
  runs: Record<K, (seconds: number) => Promise<LoadResult>>,
  beforeEach?: () => void,
): Promise<Record<K, LoadResult>> {
  const keys = Object.keys(runs) as K[];
  const parts = Object.fromEntries(keys.map((k) => [k, [] as LoadResult[]])) as Record<K, LoadResult[]>;
  const slice = Math.max(1, Math.round(seconds / rounds));
  for (let round = 0; round < rounds; round++) {
    // Each round starts one further along (A B C, B C A, C A B), so none is always a round's first. Within a
    // round each still follows the same one (B after A, C after B): whatever a slice leaves behind (pages still
    // to be written, a server's background work) falls on the same next one every time, so a run must leave
    // nothing behind (the no-fsync upload reference removes its files for this).
    for (let i = 0; i < keys.length; i++) {
      const key = keys[(round + i) % keys.length]!;
      beforeEach?.();
      parts[key].push(await runs[key](slice));
    }
  }
  return Object.fromEntries(keys.map((k) => [k, { ...combine(parts[k]), rounds: parts[k] }])) as Record<
    K,
    LoadResult
  >;
}

export interface Spread {
  min: number;
  median: number;
  max: number;
  n: number;
}

export function spreadOf(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { min: sorted[0]!, median, max: sorted.at(-1)!, n: sorted.length };
}

/**
 * The MB/s ratio of `ours` over `base` in each interleaved round (round i of one against round i of the
 * other, measured back to back), so a miss can be told from noise.
 */
export function ratioSpread(ours: LoadResult, base: LoadResult, bytesEach: number): Spread {
  const a = ours.rounds ?? [ours];
  const b = base.rounds ?? [base];
  // A round in which the baseline finished nothing (a stalled machine) has no ratio; it is left out.
  const ratios = a
    .map((r, i) => mbPerSecond(r, bytesEach) / mbPerSecond(b[i] ?? base, bytesEach))
    .filter(Number.isFinite);
  return spreadOf(ratios.length ? ratios : [NaN]);
}
