import { describe, expect, it } from 'vitest';
import { type Pipeline, col, from, pipeline, sql, sum } from '@thund/ir';
import { needsResultColumns } from '../src/run/output-schema.js';
import { runToEnd, useBackends } from './support/helpers.js';

// A flow's result columns are asked of DuckDB (DESCRIBE) only where a HUGEINT can come out of it, to narrow it to
// BIGINT; trivial flows skip it. Whatever is skipped, no HUGEINT is ever stored.
const huge = "SELECT CAST(12345678901234 AS HUGEINT) AS big, 1 AS k";

function subject(): Pipeline {
  return pipeline('hugeint')
    .temporaryView('v', { query: sql('duckdb', huge) })
    .materializedView('through_view', { query: from('v').select('big') })
    .materializedView('summed', { query: from('through_view').groupBy().agg(sum('big').as('total')) })
    .materializedView('plain', { query: from('through_view').filter(col('big').gt(0)) })
    .build();
}

describe('result columns (DESCRIBE) only where a HUGEINT can appear', () => {
  const backend = useBackends();

  it('asks for them through a temporary view of raw SQL and for integer sums; not for a filter of a stored table', () => {
    const p = subject();
    const flow = (name: string) => p.flows.find((f) => f.name === name) as Pipeline['flows'][number];
    const dataset = (name: string) => p.datasets.find((d) => d.name === name) as Pipeline['datasets'][number];
    expect(needsResultColumns(p, flow('through_view'), dataset('through_view'), 'SELECT "big" FROM "v"')).toBe(true);
    expect(needsResultColumns(p, flow('summed'), dataset('summed'), 'SELECT sum("big") AS "total" FROM "through_view"')).toBe(true);
    expect(needsResultColumns(p, flow('plain'), dataset('plain'), 'SELECT * FROM "through_view" WHERE "big" > 0')).toBe(false);
  });

  it('stores every one of them as BIGINT (int64), never HUGEINT', async () => {
    const b = backend({});
    const { result } = await runToEnd(b, subject());
    expect(result.status).toBe('completed');
    for (const name of ['through_view', 'summed', 'plain']) {
      const read = await b.readRows(name);
      expect(read.fields?.map((f) => f.type), name).toEqual(['int64']);
      expect(Number(read.rows[0]?.[read.columns[0] as string])).toBe(12345678901234);
    }
  });
});
