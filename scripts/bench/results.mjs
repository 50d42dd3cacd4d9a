// The shared writer of benchmark results: every bench (packages/*/bench/*.ts) imports this file by
// relative path and, besides its human lines, writes one JSON file per workload to bench-results/ at the
// repo root (or THUND_BENCH_RESULTS), which scripts/bench/report.mjs turns into BENCHMARKS.md and its charts.
// Types: results.d.mts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where result files go: THUND_BENCH_RESULTS, else bench-results/ at the repo root. */
export function resultsDir() {
  return process.env['THUND_BENCH_RESULTS'] ?? join(root, 'bench-results');
}

/** The median of some figures (the mean of the middle two for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The median of the paired ratios `xs[i] / ys[i]`. */
export function pairedRatio(xs, ys) {
  return median(xs.map((x, i) => x / ys[i]));
}

/** The settings the bench reads that are set, by name. */
function settingsOf(workload) {
  return Object.fromEntries([...workload.settings].sort().flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])));
}

function write(workload, body) {
  const id = [workload.package.replace(/^@thund\//, ''), workload.bench, workload.variant].filter((x) => x !== undefined).join('-');
  const env = settingsOf(workload);
  const prefix = Object.entries(env).map(([name, value]) => `${name}=${value} `).join('');
  const record = {
    format: 1,
    id,
    ...workload,
    command: `${prefix}pnpm --filter ${workload.package} exec ${workload.script}`,
    env,
    runId: process.env['THUND_BENCH_RUN_ID'] ?? null,
    finishedAt: new Date().toISOString(),
    ...body,
  };
  const dir = resultsDir();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${id}.json`);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}

/** Writes a workload's figures; a series without a median gets one computed here. */
export function writeBenchResult(result) {
  const { package: pkg, bench, variant, title, script, settings, ...figures } = result;
  const series = figures.series.map((s) => ({ ...s, median: s.median ?? median(s.values) }));
  return write({ package: pkg, bench, variant, title, script, settings }, { status: 'ran', ...figures, series, targets: figures.targets ?? [] });
}

/** Records that a workload did not run, and why (the report shows the reason instead of figures). */
export function writeBenchNotRun(workload, reason) {
  return write(workload, { status: 'not-run', reason });
}
