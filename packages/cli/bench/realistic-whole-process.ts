/**
 * The realistic pipeline of issue 19, whole process, against a hand-written
 * Node script doing the same steps on the same DuckDB: orders → a table
 * with a declared schema and a drop + a warn expectation (counted) → a
 * per-country materialized view → a Parquet export. Two inputs: 10M rows of
 * Parquet and 2M rows of CSV (read in the dialect Þund reads CSV in, so the
 * script's query is the one `thund plan` shows). Alternates the two
 * programs, reports medians of the paired ratios and peak RSS (via
 * /usr/bin/time).
 *
 *   pnpm --filter @thund/cli exec tsx bench/realistic-whole-process.ts
 *   THUND_BENCH_ROWS=2000000 THUND_BENCH_CSV_ROWS=500000 THUND_BENCH_RUNS=7 …   (smaller)
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance, version } from '@duckdb/node-api';
import { type ProcessFigures, measure, median, medianRss } from './support/whole-process.js';
import { call, col, count, expect as expectation, from, pipeline, readFiles, serializePipeline, sum } from '@thund/ir';
import { writeBenchResult } from '../../../scripts/bench/results.mjs';

const RUNS = Math.max(5, Number(process.env['THUND_BENCH_RUNS'] ?? 5));
const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.js');
const DUCKDB_ENTRY = createRequire(import.meta.url).resolve('@duckdb/node-api');
/** The CSV dialect Þund reads CSV in (relation-compiler.ts), so both programs parse the file alike. */
const CSV_READ = "read_csv('orders.csv', header=true, delim=',', quote='\"', escape='\"', strict_mode=true)";

interface Workload {
  readonly format: 'parquet' | 'csv';
  readonly rows: number;
  readonly file: string;
  readonly read: string;
}

const WORKLOADS: readonly Workload[] = [
  { format: 'parquet', rows: Number(process.env['THUND_BENCH_ROWS'] ?? 10_000_000), file: 'orders.parquet', read: "read_parquet('orders.parquet')" },
  { format: 'csv', rows: Number(process.env['THUND_BENCH_CSV_ROWS'] ?? 2_000_000), file: 'orders.csv', read: CSV_READ },
];

for (const workload of WORKLOADS) await bench(workload);

async function bench(workload: Workload): Promise<void> {
  const { format, rows } = workload;
  const dir = await mkdtemp(join(tmpdir(), `thund-bench-realistic-${format}-`));
  try {
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    await duck.run(`COPY (SELECT i AS order_id, 'cust' || (i % 50000) AS customer,
        CASE WHEN i % 97 = 0 THEN NULL ELSE ['se','no','dk'][1 + i % 3] END AS country,
        ((i * 37) % 100000) / 100.0 - 5 AS amount, TIMESTAMP '2026-01-01' + INTERVAL (i % 8640000) SECOND AS ordered_at
      FROM range(${rows}) t(i)) TO '${join(dir, workload.file)}' (FORMAT ${format}${format === 'csv' ? ', HEADER true' : ''})`);
    duck.closeSync();

    const p = pipeline('realistic')
      .table('clean_orders', {
        schema: [{ name: 'order_id', type: 'int64', nullable: false }, { name: 'customer', type: 'utf8' }, { name: 'country', type: 'utf8' }, { name: 'amount', type: 'float64' }, { name: 'ordered_at', type: 'timestamp' }],
        query: readFiles(format, workload.file).select('order_id', 'customer', call('upper', col('country')).as('country'), 'amount', 'ordered_at'),
        expectations: [expectation('has_country', col('country').isNotNull(), 'drop'), expectation('positive', col('amount').gt(0))],
      })
      .materializedView('by_country', { query: from('clean_orders').groupBy('country').agg(sum('amount').as('revenue'), count().as('orders')) })
      .sink('export', { format: 'parquet', location: 'out/by_country.parquet' })
      .flow('to_export', { target: 'export', query: from('by_country') })
      .build();
    await writeFile(join(dir, 'pipeline.json'), serializePipeline(p));

    // The same steps by hand: count the expectations, write the kept rows, aggregate, export.
    await writeFile(join(dir, 'hand.mjs'), `import { DuckDBInstance } from ${JSON.stringify(DUCKDB_ENTRY)};
const c = await (await DuckDBInstance.create(':memory:')).connect();
const q = ${JSON.stringify(`SELECT CAST(order_id AS BIGINT) AS order_id, CAST(customer AS VARCHAR) AS customer, CAST(upper(country) AS VARCHAR) AS country, CAST(amount AS DOUBLE) AS amount, CAST(ordered_at AS TIMESTAMP) AS ordered_at FROM ${workload.read}`)};
await c.runAndReadAll('SELECT count(*), count(*) FILTER (WHERE NOT ((country IS NOT NULL) IS TRUE)), count(*) FILTER (WHERE NOT ((amount > 0) IS TRUE)) FROM (' + q + ')');
await c.run('CREATE TABLE clean_orders (order_id BIGINT NOT NULL, customer VARCHAR, country VARCHAR, amount DOUBLE, ordered_at TIMESTAMP)');
await c.run('INSERT INTO clean_orders SELECT * FROM (' + q + ') WHERE (country IS NOT NULL) IS TRUE');
await c.run('CREATE TABLE by_country AS SELECT country, sum(amount) AS revenue, count(*) AS orders FROM clean_orders GROUP BY country');
await c.run("COPY by_country TO 'hand-out.parquet' (FORMAT parquet)");
`);

    const thund: ProcessFigures[] = [];
    const hand: ProcessFigures[] = [];
    measure([BIN, 'run', 'pipeline.json'], dir); // warm the page cache
    for (let i = 0; i < RUNS; i++) {
      hand.push(measure(['hand.mjs'], dir));
      await rm(join(dir, 'out'), { recursive: true, force: true });
      await rm(join(dir, '.thund'), { recursive: true, force: true });
      thund.push(measure([BIN, 'run', 'pipeline.json'], dir));
    }
    const seconds = (xs: readonly ProcessFigures[]): number[] => xs.map((x) => x.seconds);
    const ratios = thund.map((t, i) => t.seconds / (hand[i] as { seconds: number }).seconds);
    const label = `${rows.toLocaleString('en')} ${format === 'csv' ? 'CSV' : 'Parquet'} rows`;
    console.log(`realistic pipeline, ${label}, ${RUNS} paired runs (medians):`);
    console.log(`  hand-written script  ${median(seconds(hand)).toFixed(2)} s  peak RSS ${medianRss(hand)}`);
    console.log(`  thund run            ${median(seconds(thund)).toFixed(2)} s  peak RSS ${medianRss(thund)}`);
    console.log(`  ratio (median of paired ratios) ${median(ratios).toFixed(2)}×`);
    const rss = (xs: readonly ProcessFigures[]): number | undefined => (xs[0]?.rssMiB === undefined ? undefined : median(xs.map((x) => x.rssMiB as number)));
    const thundRss = rss(thund);
    const handRss = rss(hand);
    writeBenchResult({
      package: '@thund/cli', bench: `realistic-whole-process-${format}`, title: `Realistic pipeline from ${label}, whole process: thund run vs a hand-written Node script on DuckDB`,
      script: 'tsx bench/realistic-whole-process.ts', settings: ['THUND_BENCH_ROWS', 'THUND_BENCH_CSV_ROWS', 'THUND_BENCH_RUNS'],
      parameters: { rows, format, runs: RUNS },
      series: [
        { label: 'thund run', unit: 's', values: seconds(thund), median: median(seconds(thund)) },
        { label: 'hand-written script', unit: 's', values: seconds(hand), median: median(seconds(hand)), reference: true },
      ],
      ratios: [
        { label: 'thund run / hand-written', value: median(ratios), basis: 'median of paired ratios' },
        { label: 'thund run / hand-written', value: median(seconds(thund)) / median(seconds(hand)), basis: 'ratio of medians' },
      ],
      ...(thundRss === undefined ? {} : { rss: { mib: thundRss, of: 'the thund run process (median of runs, /usr/bin/time)' } }),
      figures: handRss === undefined ? [] : [{ label: 'peak RSS of the hand-written script (median)', value: `${handRss.toFixed(0)} MiB` }],
      targets: [
        { text: 'thund run ≤ 1.15× the hand-written script (median of paired ratios)', met: median(ratios) <= 1.15, limit: { value: 1.15 * median(seconds(hand)), unit: 's' } },
        ...(thundRss === undefined || handRss === undefined ? [] : [{ text: 'peak RSS ≤ 1.2× the hand-written script\'s', met: thundRss <= 1.2 * handRss }]),
      ],
      versions: { duckdb: version() },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
