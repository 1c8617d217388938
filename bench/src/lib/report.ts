import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One line of the results table: a CloudStash figure beside the baseline measured in the same run. */
export interface Row {
  section: string;
  workload: string;
  baseline: string;
  cloudstash: string;
  /** CloudStash figure over the baseline figure (or the growth figure the target is about). */
  ratio: number | null;
  target: string;
  /** null when the row only informs (no target). */
  pass: boolean | null;
  note?: string;
  /** min/median/max of the ratio over the interleaved rounds, when the row has them. */
  spread?: { min: number; median: number; max: number; n: number };
  /** Raw measurements behind the row (distributions, request counts, byte sizes). */
  details?: Record<string, unknown>;
}

const fmtRatio = (r: number | null) => (r === null || !Number.isFinite(r) ? '–' : r.toFixed(2));
const fmtSpread = (s: Row['spread']) =>
  s ? ` (${s.min.toFixed(2)} / ${s.median.toFixed(2)} / ${s.max.toFixed(2)}, ${s.n} rounds)` : '';
const verdict = (p: boolean | null) => (p === null ? 'info' : p ? 'pass' : '**miss**');

export function markdownTable(rows: Row[]): string {
  const lines = [
    '| workload | baseline | CloudStash | ratio (min / median / max per round) | target | result |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.workload} | ${r.baseline} | ${r.cloudstash} | ${fmtRatio(r.ratio)}${fmtSpread(r.spread)} | ${r.target} | ${verdict(r.pass)} |`,
    ),
  ];
  return lines.join('\n');
}

export function machineDescription() {
  const cpus = os.cpus();
  return {
    hostname: os.hostname(),
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

export function writeResults(
  dir: string,
  payload: { rows: Row[]; startedAt: Date; seconds: number; options: object; notes: string[] },
) {
  const machine = machineDescription();
  const date = payload.startedAt.toISOString().slice(0, 10);
  const slug = machine.hostname.replace(/[^a-z0-9-]+/gi, '-').toLowerCase();
  fs.mkdirSync(dir, { recursive: true });
  const base = path.join(dir, `${date}-${slug}`);
  const table = markdownTable(payload.rows);
  const misses = payload.rows.filter((r) => r.pass === false);
  const md = [
    `# CloudStash benchmark, ${payload.startedAt.toISOString()}`,
    '',
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, ${machine.platform}, Node ${machine.node}.`,
    `Load generator: autocannon (npm), in the bench process on the same machine. Run took ${Math.round(payload.seconds)} s.`,
    '',
    table,
    '',
    ...(misses.length
      ? ['Misses:', ...misses.map((r) => `- ${r.workload}: ${r.note ?? 'see README'}`), '']
      : []),
    ...payload.rows.filter((r) => r.note && r.pass !== false).map((r) => `- ${r.workload}: ${r.note}`),
    ...payload.notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
  fs.writeFileSync(
    `${base}.json`,
    JSON.stringify({ ...payload, machine, loadGenerator: 'autocannon 9 (npm)' }, null, 2),
  );
  fs.writeFileSync(`${base}.md`, md);
  return { json: `${base}.json`, md: `${base}.md`, table };
}

const README_START = '<!-- bench:start -->';
const README_END = '<!-- bench:end -->';

/**
 * Puts a full run's summary into the README's Performance section (between the bench markers): how many targets
 * it met and missed, which ones missed, and a link to the run's own table. The whole table lives in the results
 * file, so the README stays short and still never shows figures someone forgot to refresh.
 */
export function publishToReadme(readmePath: string, rows: Row[], runTable: string, seconds: number): boolean {
  const readme = fs.readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start === -1 || end < start) return false;
  const machine = machineDescription();
  const met = rows.filter((r) => r.pass === true).length;
  const missed = rows.filter((r) => r.pass === false);
  const block = [
    README_START,
    `Latest full run: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}, ` +
      `${Math.round(seconds)} s. **${met} targets met, ${missed.length} missed**` +
      `${missed.length ? `: ${missed.map((r) => r.workload).join('; ')}` : ''}. ` +
      `Every row, its baseline and its spread: [\`${runTable}\`](${runTable}).`,
    README_END,
  ].join('\n');
  fs.writeFileSync(readmePath, readme.slice(0, start) + block + readme.slice(end + README_END.length));
  return true;
}
