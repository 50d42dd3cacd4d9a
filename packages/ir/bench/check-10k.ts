/**
 * How long `check` takes on a 10,000-flow pipeline: `parsePipeline` of its
 * JSON document (shape, every validation rule — names, graph, columns,
 * predicates, declared schemas — and the freeze) and `checkAgainst` a
 * backend's capabilities. The pipeline is a realistic mix: file reads with
 * declared schemas, projections with functions, filters, joins with the
 * previous dataset, aggregations, window functions and expectations.
 * Target: ≤ 3 s. Median of 5 runs after a warm-up, in one process; peak RSS.
 *
 *   pnpm --filter @thund/ir bench
 */
import {
  ALL_FUNCTION_NAMES, type Field, checkAgainst, col, count, defineCapabilities, expect, from, parsePipeline, pipeline, rank, readFiles,
  serializePipeline, sum, upper,
} from '../src/index.js';
import { writeBenchResult } from '../../../scripts/bench/results.mjs';

const FLOWS = 10_000;
const RUNS = 5;
const SCHEMA: readonly Field[] = [{ name: 'id', type: 'int64' }, { name: 'name', type: 'utf8' }, { name: 'amount', type: 'float64' }];

function build(): string {
  let builder = pipeline('bench');
  for (let i = 0; i < FLOWS; i += 4) {
    builder = builder
      .temporaryView(`raw_${i}`, { query: readFiles('json', `data/part_${i}.json`, { schema: SCHEMA }) })
      .table(`clean_${i}`, {
        schema: [{ name: 'id', type: 'int64', nullable: false }, { name: 'name', type: 'utf8' }, { name: 'amount', type: 'float64' }],
        query: from(`raw_${i}`).filter(col('amount').gt(0)).select('id', upper(col('name')).as('name'), 'amount'),
        expectations: [expect('has_id', col('id').isNotNull(), 'drop')],
      })
      .materializedView(`totals_${i}`, {
        query: (i === 0 ? from(`clean_${i}`) : from(`clean_${i}`).join(from(`clean_${i - 4}`).select(col('id'), col('amount').as('previous')), { type: 'left', using: ['id'] }))
          .groupBy('name').agg(sum('amount').as('total'), count().as('n')),
      })
      .materializedView(`ranked_${i}`, { query: from(`totals_${i}`).window(rank().over({ orderBy: [col('total').desc()] }).as('place')) });
  }
  return serializePipeline(builder.build());
}

const capabilities = defineCapabilities({
  name: 'bench', batch: true, expectations: ['warn', 'drop', 'fail'], functions: ALL_FUNCTION_NAMES,
  datasetTypes: ['materialized_view', 'table', 'temporary_view'], fileFormats: ['json'],
  relations: ['read', 'read_files', 'filter', 'project', 'aggregate', 'join', 'window'],
});

const document = build();
const check = (): number => {
  const start = performance.now();
  const parsed = parsePipeline(document);
  const report = checkAgainst(parsed, capabilities);
  if (!report.ok) throw new Error(report.violations.map((v) => v.message).join('\n'));
  return performance.now() - start;
};
check(); // warm-up
const times = Array.from({ length: RUNS }, check).sort((a, b) => a - b);
const median = times[Math.floor(RUNS / 2)] as number;
console.log(`@thund/ir: check of a ${FLOWS}-flow pipeline (${(document.length / 1e6).toFixed(1)} MB of JSON) in ${median.toFixed(0)} ms (median of ${RUNS}; min ${times[0]?.toFixed(0)}, max ${times[RUNS - 1]?.toFixed(0)}); peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; target ≤ 3000 ms: ${median <= 3000 ? 'met' : 'NOT met'}`);
writeBenchResult({
  package: '@thund/ir', bench: 'check-10k', title: `check of a ${FLOWS.toLocaleString('en')}-flow pipeline (parsePipeline + checkAgainst)`,
  script: 'tsx --conditions=thund-source bench/check-10k.ts', settings: [],
  parameters: { flows: FLOWS, runs: RUNS, 'JSON size': `${(document.length / 1e6).toFixed(1)} MB` },
  series: [{ label: 'parsePipeline + checkAgainst', unit: 'ms', values: times, median }],
  rss: { mib: process.resourceUsage().maxRSS / 1024, of: 'the bench process' },
  targets: [{ text: 'check of 10,000 flows ≤ 3 s (median)', met: median <= 3000, limit: { value: 3000, unit: 'ms' } }],
});
