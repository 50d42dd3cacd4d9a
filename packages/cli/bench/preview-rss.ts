/**
 * Issue 17's preview bound: `thund run` printing a preview of a 10M-row
 * dataset, and `thund show` of it, must stay within 1.2× the peak RSS of the
 * same run previewing only a one-row dataset — on native, and on Spark
 * when THUND_SPARK_REMOTE names a server. Alternates the runs, reports the
 * medians and the median of the paired ratios.
 *
 *   pnpm --filter @thund/cli bench
 *   THUND_BENCH_ROWS=2000000 THUND_BENCH_RUNS=5 tsx bench/preview-rss.ts
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance, version } from '@duckdb/node-api';
import { count, from, pipeline, readFiles, serializePipeline } from '@thund/ir';
import { type ProcessFigures, measure, median, medianRss } from './support/whole-process.js';
import { type Series, type Workload, writeBenchNotRun, writeBenchResult } from '../../../scripts/bench/results.mjs';

const ROWS = Number(process.env['THUND_BENCH_ROWS'] ?? 10_000_000);
const RUNS = Math.max(3, Number(process.env['THUND_BENCH_RUNS'] ?? 5));
const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.js');
const remote = process.env['THUND_SPARK_REMOTE'];

const workload = (variant: 'native' | 'spark'): Workload => ({
  package: '@thund/cli', bench: 'preview-rss', variant, title: `Preview peak RSS on ${variant}: thund run and thund show of a large dataset vs a 1-row preview`,
  script: 'tsx bench/preview-rss.ts', settings: ['THUND_BENCH_ROWS', 'THUND_BENCH_RUNS', 'THUND_SPARK_REMOTE'],
});

/** Runs the three commands `RUNS` times, alternating, prints medians and paired RSS ratios, and writes them as the `variant` workload. */
function compare(label: string, dir: string, backend: readonly string[], variant: 'native' | 'spark', versions: { duckdb?: string; spark?: string }): void {
  const small: ProcessFigures[] = [];
  const preview: ProcessFigures[] = [];
  const show: ProcessFigures[] = [];
  measure([BIN, 'run', 'pipeline.json', ...backend, '--show', 'row_count'], dir); // warm up; writes the tables show reads
  for (let i = 0; i < RUNS; i++) {
    small.push(measure([BIN, 'run', 'pipeline.json', ...backend, '--show', 'row_count'], dir));
    preview.push(measure([BIN, 'run', 'pipeline.json', ...backend, '--show', 'events'], dir));
    show.push(measure([BIN, 'show', 'pipeline.json', 'events', ...backend], dir));
  }
  const ratio = (xs: readonly ProcessFigures[]): string => {
    if (xs[0]?.rssMiB === undefined) return 'n/a';
    return `${median(xs.map((x, i) => (x.rssMiB as number) / ((small[i] as ProcessFigures).rssMiB as number))).toFixed(2)}×`;
  };
  console.log(`${label}, ${ROWS.toLocaleString('en')} rows, ${RUNS} alternating runs (medians):`);
  console.log(`  run, preview of a 1-row dataset     ${median(small.map((x) => x.seconds)).toFixed(2)} s  peak RSS ${medianRss(small)}`);
  console.log(`  run, preview of the ${ROWS.toLocaleString('en')}-row one  ${median(preview.map((x) => x.seconds)).toFixed(2)} s  peak RSS ${medianRss(preview)}  (${ratio(preview)} of the 1-row preview run; target ≤ 1.2×)`);
  console.log(`  show of the ${ROWS.toLocaleString('en')}-row one          ${median(show.map((x) => x.seconds)).toFixed(2)} s  peak RSS ${medianRss(show)}  (${ratio(show)}; target ≤ 1.2×)`);
  const measured = small[0]?.rssMiB !== undefined;
  const rssOf = (xs: readonly ProcessFigures[]): number[] => xs.map((x) => x.rssMiB as number);
  const pairedRss = (xs: readonly ProcessFigures[]): number => median(xs.map((x, i) => (x.rssMiB as number) / ((small[i] as ProcessFigures).rssMiB as number)));
  const labels = ['run, preview of a 1-row dataset', `run, preview of the ${ROWS.toLocaleString('en')}-row dataset`, `show of the ${ROWS.toLocaleString('en')}-row dataset`] as const;
  const rssSeries: Series[] = measured ? [
    { label: `${labels[0]}, peak RSS`, unit: 'MiB', values: rssOf(small), reference: true },
    { label: `${labels[1]}, peak RSS`, unit: 'MiB', values: rssOf(preview) },
    { label: `${labels[2]}, peak RSS`, unit: 'MiB', values: rssOf(show) },
  ] : [];
  const target = (what: string, xs: readonly ProcessFigures[]) => ({ text: `${what} peak RSS ≤ 1.2× the 1-row preview run's (median of paired ratios)${measured ? '' : '; not measured: no /usr/bin/time'}`, met: measured && pairedRss(xs) <= 1.2 });
  writeBenchResult({
    ...workload(variant),
    parameters: { rows: ROWS, runs: RUNS, backend: label },
    series: [
      ...rssSeries,
      { label: labels[0], unit: 's', values: small.map((x) => x.seconds), reference: true },
      { label: labels[1], unit: 's', values: preview.map((x) => x.seconds) },
      { label: labels[2], unit: 's', values: show.map((x) => x.seconds) },
    ],
    ratios: measured ? [
      { label: 'preview run RSS / 1-row preview run RSS', value: pairedRss(preview), basis: 'median of paired ratios' },
      { label: 'show RSS / 1-row preview run RSS', value: pairedRss(show), basis: 'median of paired ratios' },
    ] : [],
    ...(measured ? { rss: { mib: Math.max(...rssOf(small), ...rssOf(preview), ...rssOf(show)), of: 'the highest of the thund processes (/usr/bin/time)' } } : {}),
    targets: [target('thund run --show of the large dataset:', preview), target('thund show of the large dataset:', show)],
    versions,
  });
}

const dir = await mkdtemp(join(tmpdir(), 'thund-bench-preview-'));
try {
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  await duck.run(`COPY (SELECT i AS id, 'user-' || (i % 100000) AS who, 'event payload number ' || i AS payload FROM range(${ROWS}) t(i))
    TO '${join(dir, 'events.parquet')}' (FORMAT parquet)`);
  duck.closeSync();
  const p = pipeline('preview_bench')
    .materializedView('events', { query: readFiles('parquet', 'events.parquet') })
    .materializedView('row_count', { query: from('events').groupBy().agg(count().as('n')) })
    .build();
  await writeFile(join(dir, 'pipeline.json'), serializePipeline(p));
  compare('native (DuckDB file)', dir, ['--db', 'bench.duckdb'], 'native', { duckdb: version() });
  if (remote === undefined) {
    console.log('spark: skipped (set THUND_SPARK_REMOTE to a local Spark Connect server)');
    writeBenchNotRun(workload('spark'), 'THUND_SPARK_REMOTE is not set; tools/spark/start.sh starts a local Spark Connect server');
  } else {
    const { SparkConnectSession } = await import('@thund/backend-spark');
    const session = SparkConnectSession.connect(remote);
    const spark = await session.sparkVersion().finally(() => session.close());
    compare(`spark (${remote})`, dir, ['--backend', 'spark', '--remote', remote], 'spark', { spark });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
