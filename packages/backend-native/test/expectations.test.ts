import { describe, expect, it } from 'vitest';
import { col, expect as expectation, from, pipeline, sql } from '@thund/ir';
import { rowsOf, runToEnd, terminalEvent, useBackends } from './support/helpers.js';

// ids 1..10; amount is NULL for id 3, negative for ids 4 and 8.
const SOURCE = sql('duckdb', 'SELECT range AS id, CASE WHEN range = 3 THEN NULL WHEN range % 4 = 0 THEN -range ELSE range * 10 END AS amount FROM range(1, 11)');

describe('expectations', () => {
  const backend = useBackends();

  it('warn counts failures (a NULL predicate fails) and keeps every row', async () => {
    const p = pipeline('warn').materializedView('orders', { query: SOURCE, expectations: [expectation('positive', col('amount').gt(0), 'warn')] }).build();
    const b = backend();
    const { result, events } = await runToEnd(b, p);
    expect(result.status).toBe('completed');
    const expected = [{ name: 'positive', action: 'warn', passed: 7, failed: 3 }];
    expect(terminalEvent(events, 'orders')?.details).toMatchObject({ rowsWritten: 10, expectations: expected });
    expect(result.flows[0]).toEqual({ name: 'orders', phase: 'completed', rowsWritten: 10, expectations: expected });
    expect((await b.readDataset('orders')).numRows).toBe(10);
  });

  it('drop removes failing rows; counts are over every row for each expectation', async () => {
    const p = pipeline('drop').materializedView('orders', {
      query: SOURCE,
      expectations: [
        expectation('positive', col('amount').gt(0), 'drop'),
        expectation('small_id', col('id').lte(8), 'drop'),
        expectation('even', col('id').mod(2).eq(0), 'warn'),
      ],
    }).build();
    const b = backend();
    const { result } = await runToEnd(b, p);
    expect(result.flows[0]).toEqual({
      name: 'orders', phase: 'completed', rowsWritten: 5,
      expectations: [
        { name: 'positive', action: 'drop', passed: 7, failed: 3 },
        { name: 'small_id', action: 'drop', passed: 8, failed: 2 },
        { name: 'even', action: 'warn', passed: 5, failed: 5 },
      ],
    });
    expect(rowsOf(await b.readDataset('orders')).map((r) => r['id']).sort((a, c) => Number(a) - Number(c))).toEqual([1, 2, 5, 6, 7]);
  });

  it('drop on a temporary view filters the view', async () => {
    const p = pipeline('drop-view')
      .temporaryView('clean', { query: SOURCE, expectations: [expectation('has_amount', col('amount').isNotNull(), 'drop')] })
      .materializedView('n', { query: from('clean').select('id') })
      .build();
    const b = backend();
    const { result } = await runToEnd(b, p);
    expect(result.flows[0]?.expectations).toEqual([{ name: 'has_amount', action: 'drop', passed: 9, failed: 1 }]);
    expect((await b.readDataset('n')).numRows).toBe(9);
  });

  it('fail stops the flow, writes nothing, names the expectation and samples up to 5 failing rows', async () => {
    const p = pipeline('fail')
      .materializedView('orders', { query: SOURCE, expectations: [expectation('not_negative', col('amount').gte(0), 'fail'), expectation('anything', col('id').gt(0), 'warn')] })
      .materializedView('downstream', { query: from('orders') })
      .build();
    const b = backend();
    const { result, events } = await runToEnd(b, p);
    expect(result.status).toBe('failed');
    const failed = terminalEvent(events, 'orders');
    expect(failed?.phase).toBe('failed');
    expect(failed?.details?.error?.code).toBe('THUND_EXPECTATION_FAILED');
    expect(failed?.details?.error?.message).toContain('expectation "not_negative" failed for 3 of 10 rows');
    expect(failed?.details?.error?.sample?.map((r) => [r['id'], r['amount']]).sort()).toEqual([['3', null], ['4', '-4'], ['8', '-8']]);
    expect(failed?.details?.expectations).toEqual([
      { name: 'not_negative', action: 'fail', passed: 7, failed: 3 },
      { name: 'anything', action: 'warn', passed: 10, failed: 0 },
    ]);
    expect(terminalEvent(events, 'downstream')).toMatchObject({ phase: 'cancelled', details: { reason: 'upstream flow orders failed', error: { code: 'THUND_UPSTREAM_FAILED' } } });
    await expect(b.readDataset('orders')).rejects.toMatchObject({ code: 'THUND_SOURCE' });
  });

  it('the sample holds at most 5 rows', async () => {
    const p = pipeline('fail-many').materializedView('all_bad', { query: sql('duckdb', 'SELECT range AS id FROM range(100)'), expectations: [expectation('none', col('id').lt(0), 'fail')] }).build();
    const { events } = await runToEnd(backend(), p);
    const error = terminalEvent(events, 'all_bad')?.details?.error;
    expect(error?.sample).toHaveLength(5);
    expect(error?.message).toContain('failed for 100 of 100 rows');
  });
});
