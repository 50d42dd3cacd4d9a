import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Field, type Pipeline, pipeline, sql } from '@thund/ir';
import { rowsOf, runToEnd, terminalEvent, useBackends, useTempDirs } from './support/helpers.js';

// Columns declared `nullable: false`: a NULL fails the flow with its count and keeps the dataset's previous rows,
// whether DuckDB's NOT NULL constraint catches it while writing or Þund counts it before.
const schema = (totalNullable: boolean): Field[] => [{ name: 'id', type: 'int64' }, { name: 'total', type: 'int64', nullable: totalNullable }];
const rows = (withNull: boolean): string => (withNull ? 'SELECT * FROM (VALUES (1, 10), (2, NULL), (3, NULL)) AS v(id, total)' : 'SELECT * FROM (VALUES (1, 10), (2, 20)) AS v(id, total)');

function onePipeline(type: 'table' | 'materializedView', withNull: boolean, totalNullable = false): Pipeline {
  const builder = pipeline('nn');
  const spec = { query: sql('duckdb', rows(withNull)), schema: schema(totalNullable) };
  return (type === 'table' ? builder.table('out', spec) : builder.materializedView('out', spec)).build();
}

describe('declared NOT NULL columns on native', () => {
  const backend = useBackends();
  const dir = useTempDirs();

  for (const type of ['table', 'materializedView'] as const) {
    it(`${type}: NULLs fail the flow with their count, and the previous rows stay`, async () => {
      const b = backend({ database: join(await dir(), 'nn.duckdb') });
      expect((await runToEnd(b, onePipeline(type, false))).result.status).toBe('completed');
      const { result, events } = await runToEnd(b, onePipeline(type, true));
      expect(result.status).toBe('failed');
      const error = terminalEvent(events, 'out')?.details?.error;
      expect(error?.code).toBe('THUND_SCHEMA_MISMATCH');
      expect(error?.message).toBe('[THUND_SCHEMA_MISMATCH] backend "native", flow "out": column "total" of "out" is declared not nullable but flow "out" produces 2 NULL values');
      expect(rowsOf(await b.readDataset('out'))).toEqual([{ id: 1, total: 10 }, { id: 2, total: 20 }]);
    });
  }

  it('a table stored by an earlier run without the constraint still refuses NULLs once the column is declared not nullable', async () => {
    const database = join(await dir(), 'nn.duckdb');
    // An append flow keeps the table between runs (it is not recomputed), so its old DDL stays.
    const appending = (totalNullable: boolean, withNull: boolean): Pipeline => pipeline('nn')
      .table('out', { schema: schema(totalNullable) })
      .flow('add', { target: 'out', kind: 'append_once', query: sql('duckdb', rows(withNull)) })
      .build();
    const first = backend({ database });
    expect((await runToEnd(first, appending(true, false))).result.status).toBe('completed');
    await first.close();
    const second = backend({ database });
    const { result, events } = await runToEnd(second, { ...appending(false, true), flows: [{ ...appending(false, true).flows[0]!, name: 'add_more' }] });
    expect(result.status).toBe('failed');
    expect(terminalEvent(events, 'add_more')?.details?.error?.message).toBe('[THUND_SCHEMA_MISMATCH] backend "native", flow "add_more": column "total" of "out" is declared not nullable but flow "add_more" produces 2 NULL values');
    expect(rowsOf(await second.readDataset('out'))).toEqual([{ id: 1, total: 10 }, { id: 2, total: 20 }]);
  });
});
