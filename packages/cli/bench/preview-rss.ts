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
import { DuckDBInstance } from '@duckdb/node-api';
import { count, from, pipeline, readFiles, serializePipeline } from '@thund/ir';
import { type ProcessFigures, measure, median, medianRss } from './support/whole-process.js';

const ROWS = Number(process.env['THUND_BENCH_ROWS'] ?? 10_000_000);
const RUNS = Math.max(3, Number(process.env['THUND_BENCH_RUNS'] ?? 5));
const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.js');
const remote = process.env['THUND_SPARK_REMOTE'];

/** Runs the three commands `RUNS` times, alternating, and prints medians and paired RSS ratios. */
function compare(label: string, dir: string, backend: readonly string[]): void {
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
  compare('native (DuckDB file)', dir, ['--db', 'bench.duckdb']);
  if (remote === undefined) console.log('spark: skipped (set THUND_SPARK_REMOTE to a local Spark Connect server)');
  else compare(`spark (${remote})`, dir, ['--backend', 'spark', '--remote', remote]);
} finally {
  await rm(dir, { recursive: true, force: true });
}
