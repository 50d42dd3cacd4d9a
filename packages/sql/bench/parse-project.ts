/**
 * How long reading a 200-file SQL project takes: `loadSqlProject` (spec,
 * globbing, reading, parsing, lowering and the IR's validation of the
 * whole pipeline) on a generated project of 200 files with 5 statements
 * each (1,000 datasets: file reads, joins, aggregations, window functions,
 * CTEs, streaming tables). Target: ≤ 1 s. Median of 7 runs after one
 * warm-up, in one process; peak RSS at the end.
 *
 *   pnpm --filter @thund/sql bench
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSqlProject } from '../src/index.js';
import { writeBenchResult } from '../../../scripts/bench/results.mjs';

const FILES = 200;
const RUNS = 7;

function fileText(i: number): string {
  const prev = i === 0 ? 'orders_0' : `summary_${i - 1}`;
  return `-- file ${i}
CREATE TEMPORARY VIEW raw_${i} AS SELECT * FROM read_files('data/orders_${i}.parquet', format => 'parquet');

CREATE MATERIALIZED VIEW orders_${i} (
  order_id BIGINT NOT NULL,
  customer STRING,
  amount DECIMAL(10, 2),
  CONSTRAINT positive EXPECT (amount > 0) ON VIOLATION DROP ROW
) AS SELECT CAST(order_id AS BIGINT) AS order_id, upper(trim(customer)) AS customer, CAST(amount AS DECIMAL(10, 2)) AS amount
FROM raw_${i} WHERE order_id IS NOT NULL AND customer LIKE 'a%';

CREATE MATERIALIZED VIEW joined_${i} AS
WITH big AS (SELECT * FROM orders_${i} WHERE amount > 100)
SELECT o.order_id, o.customer, o.amount, p.customer AS other
FROM orders_${i} AS o LEFT JOIN big AS p ON o.order_id = p.order_id;

CREATE MATERIALIZED VIEW summary_${i} AS
SELECT customer, count(*) AS orders, sum(amount) AS revenue, max(amount) AS biggest
FROM joined_${i} GROUP BY customer HAVING count(*) > 0 ORDER BY revenue DESC NULLS LAST;

CREATE MATERIALIZED VIEW ranked_${i} AS
SELECT *, rank() OVER (PARTITION BY customer ORDER BY amount DESC) AS place FROM orders_${i}
UNION ALL SELECT o.*, 0 AS place FROM orders_${i} AS o CROSS JOIN ${prev} AS s WHERE o.amount > 0;
`;
}

const dir = mkdtempSync(join(tmpdir(), 'thund-sql-bench-'));
try {
  writeFileSync(join(dir, 'spark-pipeline.yml'), 'name: bench\nlibraries:\n  - glob:\n      include: transformations/**\n');
  for (let i = 0; i < FILES; i++) {
    const folder = join(dir, 'transformations', `part_${Math.floor(i / 20)}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `file_${String(i).padStart(3, '0')}.sql`), fileText(i));
  }
  await loadSqlProject(dir); // warm-up: module loading and JIT are not the parser's cost
  const times: number[] = [];
  let datasets = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const project = await loadSqlProject(dir);
    times.push(performance.now() - start);
    datasets = project.pipeline.datasets.length;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] as number;
  const rss = process.resourceUsage().maxRSS / 1024;
  writeBenchResult({
    package: '@thund/sql', bench: 'parse-project', title: `Reading a ${FILES}-file SQL project (loadSqlProject)`,
    script: 'tsx --conditions=thund-source bench/parse-project.ts', settings: [],
    parameters: { files: FILES, datasets, runs: RUNS },
    series: [{ label: 'loadSqlProject: read, parse, lower, validate', unit: 'ms', values: times, median }],
    rss: { mib: rss, of: 'the bench process' },
    targets: [{ text: 'a 200-file project read in ≤ 1 s (median)', met: median <= 1000, limit: { value: 1000, unit: 'ms' } }],
  });
  console.log(`@thund/sql: ${FILES}-file project (${datasets} datasets) read, parsed, lowered and validated in ${median.toFixed(0)} ms (median of ${RUNS}; min ${times[0]?.toFixed(0)} ms, max ${times[times.length - 1]?.toFixed(0)} ms); peak RSS ${rss.toFixed(0)} MiB; target ≤ 1000 ms: ${median <= 1000 ? 'met' : 'NOT met'}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
