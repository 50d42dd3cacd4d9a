#!/usr/bin/env node
// Writes BENCHMARKS.md and docs/bench/<workload>.svg from the result files the benches wrote
// (bench-results/, see results.mjs). Run by `pnpm bench` after the benches; alone:
//   node scripts/bench/report.mjs [--results <dir>] [--out <file.md>]
// (THUND_BENCH_RESULTS and THUND_BENCH_REPORT are the same settings). The charts go to docs/bench/ beside
// the markdown file. A workload with no result from this run is shown as not run, with the reason.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chartSvg, formatValue } from './chart.mjs';
import { resultsDir } from './results.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every workload, in the order of the report; `title` and `script` serve only when it wrote nothing. */
const WORKLOADS = [
  ['backend-native-native-vs-raw', '@thund/backend-native', 'tsx --conditions=thund-source bench/native-vs-raw.ts', 'Þund on DuckDB vs hand-written DuckDB SQL'],
  ['backend-native-arrow-export-clean', '@thund/backend-native', 'tsx --conditions=thund-source bench/arrow-export.ts', 'Arrow export of the native bench table vs fetchChunk'],
  ['backend-native-arrow-export-strings', '@thund/backend-native', 'tsx --conditions=thund-source bench/arrow-export.ts', 'Arrow export of 15–40-byte strings vs fetchChunk'],
  ['backend-native-streaming-vs-batch', '@thund/backend-native', 'tsx --conditions=thund-source bench/streaming-vs-batch.ts', 'Streaming vs one batch query on raw DuckDB'],
  ['backend-native-memory-100m', '@thund/backend-native', 'tsx --conditions=thund-source bench/memory-100m.ts', 'Resource limits: a 100M-row native run and streaming it back'],
  ['cli-startup', '@thund/cli', 'tsx bench/startup.ts', 'CLI start-up vs a hand-written script'],
  ['cli-realistic-whole-process-parquet', '@thund/cli', 'tsx bench/realistic-whole-process.ts', 'Realistic pipeline from Parquet, whole process, vs a hand-written script'],
  ['cli-realistic-whole-process-csv', '@thund/cli', 'tsx bench/realistic-whole-process.ts', 'Realistic pipeline from CSV, whole process, vs a hand-written script'],
  ['cli-many-flows', '@thund/cli', 'tsx bench/many-flows.ts', 'Per-flow cost, whole process'],
  ['cli-preview-rss-native', '@thund/cli', 'tsx bench/preview-rss.ts', 'Preview peak RSS on native'],
  ['cli-preview-rss-spark', '@thund/cli', 'tsx bench/preview-rss.ts', 'Preview peak RSS on spark'],
  ['ir-check-10k', '@thund/ir', 'tsx --conditions=thund-source bench/check-10k.ts', 'check of a 10,000-flow pipeline'],
  ['sql-parse-project', '@thund/sql', 'tsx --conditions=thund-source bench/parse-project.ts', 'Reading a 200-file SQL project'],
  ['backend-spark-orders-vs-reference', '@thund/backend-spark', 'tsx --conditions=thund-source bench/orders-vs-reference.ts', 'examples/orders on Spark vs the SDP reference client'],
  ['backend-spark-orders-spark-vs-native', '@thund/backend-spark', 'tsx --conditions=thund-source bench/orders-spark-vs-native.ts', 'examples/orders on the Spark backend vs native'],
].map(([id, pkg, script, title]) => ({ id, package: pkg, script, title }));

function option(name, env, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : (process.env[env] ?? fallback);
}

const resultsFolder = option('--results', 'THUND_BENCH_RESULTS', resultsDir());
const out = option('--out', 'THUND_BENCH_REPORT', join(root, 'BENCHMARKS.md'));
const chartsDir = join(dirname(out), 'docs', 'bench');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const run = existsSync(join(resultsFolder, 'run.json')) ? readJson(join(resultsFolder, 'run.json')) : undefined;
const found = new Map(
  (existsSync(resultsFolder) ? readdirSync(resultsFolder) : [])
    .filter((f) => f.endsWith('.json') && f !== 'run.json')
    .map((f) => readJson(join(resultsFolder, f)))
    .filter((r) => r.format === 1)
    .map((r) => [r.id, r]),
);

// A bench whose workload is not listed above would be left out silently: refuse instead.
const unlisted = [...found.keys()].filter((id) => !WORKLOADS.some((w) => w.id === id));
if (unlisted.length > 0) throw new Error(`bench report: add ${unlisted.join(', ')} to WORKLOADS in scripts/bench/report.mjs`);

/** The workload's result from this run, or a not-run record saying why there is none. */
function resultOf(workload) {
  const result = found.get(workload.id);
  const fallback = { ...workload, command: `pnpm --filter ${workload.package} exec ${workload.script}`, status: 'not-run' };
  if (result === undefined) return { ...fallback, reason: 'no result from this run (the bench failed, or was not part of the run: see its output)' };
  if (run !== undefined && result.runId !== run.runId) return { ...fallback, reason: `no result from this run (an older one, from ${result.finishedAt}, was ignored)` };
  return result;
}
const results = WORKLOADS.map(resultOf);
const ran = results.filter((r) => r.status === 'ran');

function osName() {
  const pretty = existsSync('/etc/os-release') ? /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] : undefined;
  return `${pretty ?? process.platform}, kernel ${release()} (${process.arch})`;
}

function cpuModel() {
  const list = cpus();
  return `${list[0]?.model.trim() ?? 'unknown'} × ${list.length} logical CPUs`;
}

function pnpmVersion() {
  try {
    return execFileSync('pnpm', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const versionsOf = (key) => [...new Set(ran.map((r) => r.versions?.[key]).filter((v) => v !== undefined))];
const sparkResults = results.filter((r) => r.package === '@thund/backend-spark' || r.variant === 'spark');
const sparkLine = versionsOf('spark').length > 0
  ? versionsOf('spark').join(', ')
  : `not run: ${sparkResults.find((r) => r.status === 'not-run')?.reason ?? 'no Spark workload ran'}`;

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const ratioText = (r) => `${r.value.toFixed(2)}× (${r.basis})`;
const metText = (result) => {
  const missed = result.targets.filter((t) => !t.met).length;
  if (missed === 0) return 'met';
  return missed === result.targets.length ? '**not met**' : `**not met** (${missed} of ${result.targets.length})`;
};
const targetCell = (result) => (result.targets.length === 0 ? 'no target set' : `${cell(result.targets.map((t) => t.text).join('; '))} — ${metText(result)}`);
const rssText = (result) => (result.rss === undefined ? 'not measured' : formatValue(result.rss.mib, 'MiB'));
const changed = [...new Set(ran.flatMap((r) => Object.entries(r.env).filter(([name]) => name !== 'THUND_SPARK_REMOTE').map(([name, value]) => `\`${name}=${value}\``)))];

function summaryRow(result) {
  const name = `[${cell(result.title)}](#${result.id})`;
  if (result.status !== 'ran') return `| ${name} | not run: ${cell(result.reason)} | | | | |`;
  const main = result.series.find((s) => !s.reference);
  const reference = result.series.find((s) => s.reference && s.unit === main?.unit);
  const ratio = result.ratios?.[0];
  return `| ${name} | ${main === undefined ? '—' : `${cell(main.label)}: ${formatValue(main.median, main.unit)}`} | ${reference === undefined ? '—' : `${cell(reference.label)}: ${formatValue(reference.median, reference.unit)}`} | ${ratio === undefined ? '—' : cell(`${ratio.label}: ${ratioText(ratio)}`)} | ${rssText(result)} | ${targetCell(result)} |`;
}

function section(result, chart) {
  const lines = [`<a id="${result.id}"></a>`, '', `### ${result.title}`, '', '```sh', result.command, '```', ''];
  if (result.status !== 'ran') return [...lines, `**Not run:** ${result.reason}.`, ''];
  const parameters = Object.entries(result.parameters).map(([k, v]) => `${k} ${typeof v === 'number' ? v.toLocaleString('en') : v}`).join(' · ');
  lines.push(`Parameters: ${parameters}. Finished ${result.finishedAt}.`, '', `![${result.title}](${chart})`, '');
  lines.push('| Series | Median | Runs |', '|---|---|---|');
  for (const s of result.series) {
    lines.push(`| ${cell(s.label)}${s.reference ? ' (reference)' : ''} | ${formatValue(s.median, s.unit)} | ${s.values.map((v) => formatValue(v, s.unit)).join(', ')} |`);
  }
  lines.push('');
  for (const r of result.ratios ?? []) lines.push(`- Ratio, ${r.label}: **${r.value.toFixed(2)}×** (${r.basis})`);
  lines.push(`- Peak RSS: ${result.rss === undefined ? 'not measured' : `${formatValue(result.rss.mib, 'MiB')} — ${result.rss.of}`}`);
  if (result.targets.length === 0) lines.push('- Target: none set for this workload');
  for (const t of result.targets) lines.push(`- Target: ${t.text} — ${t.met ? '**met**' : '**not met**'}`);
  for (const f of result.figures ?? []) lines.push(`- ${f.label}: ${f.value}`);
  return [...lines, ''];
}

mkdirSync(chartsDir, { recursive: true });
for (const w of WORKLOADS) rmSync(join(chartsDir, `${w.id}.svg`), { force: true }); // no stale chart survives a run that did not redraw it
const sections = results.map((result) => {
  if (result.status !== 'ran') return section(result, '');
  writeFileSync(join(chartsDir, `${result.id}.svg`), chartSvg(result));
  return section(result, relative(dirname(out), join(chartsDir, `${result.id}.svg`)).split('\\').join('/'));
});

const doc = [
  '# Benchmarks',
  '',
  '<!-- Written by `pnpm bench` (scripts/bench/report.mjs) from the results of the run; edit the benches or the report script, not this file. -->',
  '',
  `Generated by \`pnpm bench\`${run === undefined ? ' (report assembled from individual bench runs)' : ` on ${run.startedAt}`}. ${ran.length} of ${results.length} workloads ran.`,
  '',
  ...(changed.length === 0 ? [] : [
    `> **Not the benches' default sizes: these figures are not comparable with the targets.** Settings in effect: ${changed.join(', ')}.`,
    '',
  ]),
  '## Machine',
  '',
  '| | |',
  '|---|---|',
  `| CPU | ${cell(cpuModel())} |`,
  `| Memory | ${(totalmem() / 1024 ** 3).toFixed(1)} GiB |`,
  `| OS | ${cell(osName())} |`,
  `| Node | ${process.version} |`,
  `| pnpm | ${pnpmVersion()} |`,
  `| DuckDB | ${versionsOf('duckdb').join(', ') || 'no DuckDB workload ran'} |`,
  `| Spark | ${cell(sparkLine)} |`,
  `| Load average (1, 5, 15 min) | ${run === undefined ? `${loadavg().map((x) => x.toFixed(2)).join(', ')} (when the report was written)` : `${run.loadAverage.map((x) => x.toFixed(2)).join(', ')} at the start, ${(run.loadAverageEnd ?? loadavg()).map((x) => x.toFixed(2)).join(', ')} at the end`} |`,
  '',
  'The machine may be shared: compare figures within one run (the ratios), not across runs.',
  '',
  '## How to run',
  '',
  '```sh',
  'pnpm bench                     # every bench below, one at a time, then this report',
  'THUND_SPARK_REMOTE=sc://127.0.0.1:15002 pnpm bench   # with the Spark workloads (tools/spark/start.sh)',
  '```',
  '',
  '`pnpm bench` runs `turbo run bench --concurrency=1 --continue` (each package\'s `bench` script; every bench writes `bench-results/<workload>.json`), then `node scripts/bench/report.mjs`, which writes this file and `docs/bench/*.svg`. `THUND_BENCH_ROWS`, `THUND_BENCH_RUNS`, `THUND_BENCH_FILES`, `THUND_BENCH_FLOWS` and `RUNS` shrink the workloads (see each bench\'s header); a report made that way says so at the top. Each workload below gives the exact command that produced it.',
  '',
  '## Summary',
  '',
  '| Workload | Þund (median) | Reference (median) | Ratio | Peak RSS | Target |',
  '|---|---|---|---|---|---|',
  ...results.map(summaryRow),
  '',
  '## Workloads',
  '',
  ...sections.flat(),
];
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${doc.join('\n').replace(/\n+$/, '')}\n`);
console.log(`bench report: ${ran.length} of ${results.length} workloads ran → ${relative(process.cwd(), out) || out}, charts in ${relative(process.cwd(), chartsDir) || chartsDir}`);
