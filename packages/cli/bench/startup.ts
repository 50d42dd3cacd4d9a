/**
 * CLI start-up (issue 19): `thund run examples/orders/pipeline.json`, whole
 * process, against a hand-written Node script doing the same steps on the
 * same DuckDB (read the CSV, count the three expectations, write the kept
 * rows, aggregate, export Parquet, print the table). The data is tiny, so
 * the difference is what Þund's start-up and per-run work cost. Alternates
 * the two; reports medians, the median of paired differences and peak RSS.
 * Target: ≤ 0.2 s above the script.
 *
 *   pnpm --filter @thund/cli bench
 *   THUND_BENCH_RUNS=21 tsx bench/startup.ts
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from '@duckdb/node-api';
import { writeBenchResult } from '../../../scripts/bench/results.mjs';
import { type ProcessFigures, measure, median, medianRss } from './support/whole-process.js';

const RUNS = Math.max(5, Number(process.env['THUND_BENCH_RUNS'] ?? 11));
const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, '..', 'dist', 'bin.js');

const dir = mkdtempSync(join(tmpdir(), 'thund-bench-startup-'));
try {
  cpSync(join(here, '..', '..', '..', 'examples', 'orders'), dir, { recursive: true, filter: (src) => !src.includes('/out') });
  const duckdbEntry = createRequire(import.meta.url).resolve('@duckdb/node-api');
  writeFileSync(join(dir, 'hand.mjs'), `import { mkdirSync } from 'node:fs';
import { DuckDBInstance } from ${JSON.stringify(duckdbEntry)};
const c = await (await DuckDBInstance.create(':memory:')).connect();
await c.run("CREATE VIEW raw_orders AS SELECT * FROM read_csv('data/orders.csv', header=true)");
await c.runAndReadAll('SELECT count(*) FILTER (WHERE NOT (order_id IS NOT NULL) IS TRUE), count(*) FILTER (WHERE NOT (amount > 0) IS TRUE), count(*) FILTER (WHERE NOT (customer IS NOT NULL) IS TRUE) FROM raw_orders');
await c.run('CREATE TABLE clean_orders AS SELECT CAST(order_id AS BIGINT) AS order_id, customer, upper(trim(country)) AS country, CAST(amount AS DECIMAL(10,2)) AS amount, CAST(ordered_at AS DATE) AS order_date FROM raw_orders WHERE (amount > 0) IS TRUE');
await c.run('CREATE TABLE daily_revenue AS SELECT order_date, country, CAST(sum(amount) AS DECIMAL(20,2)) AS revenue, count(*) AS orders FROM clean_orders GROUP BY ALL ORDER BY ALL');
mkdirSync('out', { recursive: true });
await c.run("COPY daily_revenue TO 'out/hand.parquet' (FORMAT parquet)");
console.table((await c.runAndReadAll('SELECT * FROM daily_revenue LIMIT 20')).getRowObjectsJson());
`);
  const thund: ProcessFigures[] = [];
  const hand: ProcessFigures[] = [];
  measure([BIN, 'run', 'pipeline.json'], dir); // warm the page cache
  measure(['hand.mjs'], dir);
  for (let i = 0; i < RUNS; i++) {
    hand.push(measure(['hand.mjs'], dir));
    thund.push(measure([BIN, 'run', 'pipeline.json'], dir));
  }
  const seconds = (xs: readonly ProcessFigures[]): number[] => xs.map((x) => x.seconds);
  const above = median(thund.map((t, i) => t.seconds - (hand[i] as ProcessFigures).seconds));
  console.log(`CLI start-up, examples/orders, ${RUNS} paired runs (medians):`);
  console.log(`  hand-written script  ${median(seconds(hand)).toFixed(3)} s  peak RSS ${medianRss(hand)}`);
  console.log(`  thund run            ${median(seconds(thund)).toFixed(3)} s  peak RSS ${medianRss(thund)}`);
  console.log(`  thund above the script (median of paired differences) ${above.toFixed(3)} s (target ≤ 0.2 s)`);
  writeBenchResult({
    package: '@thund/cli', bench: 'startup', title: 'CLI start-up: thund run examples/orders vs a hand-written script on DuckDB',
    script: 'tsx bench/startup.ts', settings: ['THUND_BENCH_RUNS'],
    parameters: { runs: RUNS },
    series: [
      { label: 'thund run', unit: 's', values: seconds(thund), median: median(seconds(thund)) },
      { label: 'hand-written script', unit: 's', values: seconds(hand), median: median(seconds(hand)), reference: true },
    ],
    figures: [{ label: 'thund above the script (median of paired differences)', value: `${above.toFixed(3)} s` }],
    targets: [{ text: 'thund run ≤ 0.2 s above the hand-written script (median of paired differences)', met: above <= 0.2, limit: { value: median(seconds(hand)) + 0.2, unit: 's' } }],
    ...(thund[0]?.rssMiB === undefined ? {} : { rss: { mib: median(thund.map((x) => x.rssMiB as number)), of: 'the thund run process (median of runs)' } }),
    versions: { duckdb: version() },
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
