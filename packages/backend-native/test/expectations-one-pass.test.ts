import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Field, col, count, expect as expectation, from, pipeline, readFiles } from '@thund/ir';
import { FlowSession } from '../src/run/flow-session.js';
import { finish, useBackends, useTempDirs, writeText } from './support/helpers.js';

const SCHEMA: readonly Field[] = [{ name: 'id', type: 'int64' }, { name: 'k', type: 'utf8' }, { name: 'v', type: 'int64' }];
const ROWS = 'id,k,v\n1,a,5\n2,,7\n3,b,-1\n4,b,2\n';

describe('expectations in one pass', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();
  afterEach(() => vi.restoreAllMocks());

  /** Runs a pipeline whose `out` has a drop and a warn expectation over `query`, recording every statement the flows ran. */
  async function run(query: (p: ReturnType<typeof pipeline>) => ReturnType<typeof pipeline>) {
    const dir = await tempDir();
    await writeText(join(dir, 'in.csv'), ROWS);
    const statements: string[] = [];
    const original = FlowSession.prototype.run;
    vi.spyOn(FlowSession.prototype, 'run').mockImplementation(function (this: FlowSession, sql: string) {
      statements.push(sql);
      return original.call(this, sql);
    });
    const b = backend({ baseDir: dir });
    const { result } = await finish(b.run(query(pipeline('one_pass').table('src', { query: readFiles('csv', 'in.csv', { schema: SCHEMA }) })).build()));
    return { result, statements, rows: (await b.readRows('out')).rows };
  }
  const expectations = [expectation('has_k', col('k').isNotNull(), 'drop'), expectation('positive', col('v').gt(0))];

  it('a scan (file or table read, filter, project) is counted, then written straight from its inputs: no staging table', async () => {
    const { result, statements, rows } = await run((p) => p.table('out', { query: from('src').filter(col('id').lt(10)).select('id', 'k', 'v'), expectations }));
    expect(result.status).toBe('completed');
    expect(result.flows.find((f) => f.name === 'out')?.expectations).toEqual([
      { name: 'has_k', action: 'drop', passed: 3, failed: 1 },
      { name: 'positive', action: 'warn', passed: 3, failed: 1 },
    ]);
    expect(rows.map((r) => r['id']).sort()).toEqual([1n, 3n, 4n]);
    expect(statements.filter((s) => s.includes('__thund_stage'))).toEqual([]);
  });

  it('an aggregation is staged once (computed once), with the same counts rules', async () => {
    const { result, statements, rows } = await run((p) => p.table('out', {
      query: from('src').groupBy('k').agg(count().as('v')),
      expectations: [expectation('has_k', col('k').isNotNull(), 'drop'), expectation('positive', col('v').gt(1))],
    }));
    expect(result.status).toBe('completed');
    expect(result.flows.find((f) => f.name === 'out')?.expectations).toEqual([
      { name: 'has_k', action: 'drop', passed: 2, failed: 1 },
      { name: 'positive', action: 'warn', passed: 1, failed: 2 },
    ]);
    expect(rows.map((r) => [r['k'], r['v']]).sort()).toEqual([['a', 1n], ['b', 2n]]);
    expect(statements.filter((s) => s.startsWith('CREATE OR REPLACE TEMP TABLE "__thund_stage"'))).toHaveLength(1);
  });
});
