#!/usr/bin/env node
// Dependency audit for CI: `node scripts/audit.mjs`.
// Runs `npm audit --omit=dev` (what ships: runtime dependencies only) and exits non-zero when any advisory is
// high or critical. Exit codes: 0 clean (low/moderate are listed but pass), 1 high or critical found,
// 2 the audit itself could not run (no registry, broken lockfile): CI must treat that as a failure too.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});

let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit did not answer with JSON (exit ${run.status}):\n${run.stderr || run.stdout}`);
  process.exit(2);
}
if (report.error) {
  // Fail closed: an audit that could not look is not a clean audit.
  console.error(
    `npm audit could not run: ${report.message || report.error.summary || JSON.stringify(report.error)}`,
  );
  process.exit(2);
}

const counts = report.metadata?.vulnerabilities ?? {};
const blocking = Object.entries(report.vulnerabilities ?? {}).filter(
  ([, v]) => v.severity === 'high' || v.severity === 'critical',
);
const others = Object.entries(report.vulnerabilities ?? {}).filter(
  ([, v]) => v.severity !== 'high' && v.severity !== 'critical',
);

console.log(
  `npm audit --omit=dev: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ` +
    `${counts.low ?? 0} low (${report.metadata?.dependencies?.prod ?? '?'} production dependencies)`,
);
const describe = ([name, v]) => {
  const via = v.via.map((x) => (typeof x === 'string' ? x : `${x.title} ${x.url ?? ''}`.trim())).join('; ');
  const fix =
    v.fixAvailable === false
      ? 'no fix available'
      : v.fixAvailable === true
        ? 'fix: npm audit fix'
        : `fix: ${v.fixAvailable.name}@${v.fixAvailable.version}`;
  return `  ${v.severity.padEnd(8)} ${name} (${v.range}) via ${via} [${fix}]`;
};
for (const entry of others) console.log(describe(entry));
if (blocking.length) {
  console.error('High or critical advisories in production dependencies:');
  for (const entry of blocking) console.error(describe(entry));
  process.exit(1);
}
console.log('No high or critical advisory.');
