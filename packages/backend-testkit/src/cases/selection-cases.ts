import { type Field, col, count, from, pipeline, readFiles, sum } from '@thund/ir';
import type { ConformanceCase } from '../conformance-case.js';

const ORDER_SCHEMA: readonly Field[] = [
  { name: 'id', type: 'int64' },
  { name: 'amount', type: 'int64' },
];

const CLICK_SCHEMA: readonly Field[] = [
  { name: 'id', type: 'int64' },
  { name: 'page', type: 'utf8' },
];

const jsonl = (rows: readonly object[]): string => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;

const FIRST_ORDERS = [{ id: 1, amount: 5 }, { id: 2, amount: 40 }];
const LATER_ORDER = { id: 3, amount: 70 };
const CLICKS_BEFORE = [{ id: 1, page: 'home' }, { id: 2, page: 'cart' }];
const CLICKS_REWRITTEN = [{ id: 10, page: 'pay' }];
const CLICKS_NEW = [{ id: 11, page: 'home' }, { id: 12, page: 'cart' }];

/**
 * Selection (`RunOptions.refresh`, a `fullRefresh` list): the second run
 * refreshes only the named datasets. The flows of every other dataset are
 * `excluded` and their datasets keep what the first run left, even where
 * their inputs changed.
 */
export const SELECTION_CASES: readonly ConformanceCase[] = [
  {
    id: 'selection/refresh-named-datasets',
    group: 'selection',
    description: 'refresh two of four datasets: their flows run (with the temporary view one of them reads); the rest keep the first run\'s rows',
    files: { 'orders/000.jsonl': jsonl(FIRST_ORDERS) },
    pipeline: ({ path }) =>
      pipeline('selection_refresh')
        .materializedView('orders', { query: readFiles('json', path('orders'), { schema: ORDER_SCHEMA }) })
        .materializedView('totals', { query: from('orders').groupBy().agg(sum('amount').as('total'), count().as('n')) })
        .temporaryView('large', { query: from('orders').filter(col('amount').gt(10)) })
        .materializedView('large_orders', { query: from('large').select('id') })
        .build(),
    expected: { orders: FIRST_ORDERS, totals: [{ total: 45, n: 2 }], large_orders: [{ id: 2 }] },
    rerun: {
      files: { 'orders/001.jsonl': jsonl([LATER_ORDER]) },
      options: { refresh: ['orders', 'large_orders'] },
      excludedFlows: ['totals'],
      expected: { orders: [...FIRST_ORDERS, LATER_ORDER], totals: [{ total: 45, n: 2 }], large_orders: [{ id: 2 }, { id: 3 }] },
      rowsWritten: { orders: 3, large_orders: 2 },
    },
  },
  {
    id: 'selection/full-refresh-one-streaming-table',
    group: 'selection',
    description: 'a full refresh of one streaming table reads every file again (a rewritten one too); a refreshed view counts it; the other streaming table is excluded and keeps its rows',
    files: { 'clicks/000.jsonl': jsonl(CLICKS_BEFORE) },
    pipeline: ({ path }) =>
      pipeline('selection_full_refresh')
        .streamingTable('clicks', { query: readFiles('json', path('clicks'), { schema: CLICK_SCHEMA }) })
        .streamingTable('pages', { query: readFiles('json', path('clicks'), { schema: CLICK_SCHEMA }).select('page') })
        .materializedView('click_count', { query: from('clicks').groupBy().agg(count().as('n')) })
        .build(),
    expected: { clicks: CLICKS_BEFORE, pages: [{ page: 'home' }, { page: 'cart' }], click_count: [{ n: 2 }] },
    rerun: {
      files: { 'clicks/000.jsonl': jsonl(CLICKS_REWRITTEN), 'clicks/001.jsonl': jsonl(CLICKS_NEW) },
      options: { fullRefresh: ['clicks'], refresh: ['click_count'] },
      excludedFlows: ['pages'],
      expected: { clicks: [...CLICKS_REWRITTEN, ...CLICKS_NEW], pages: [{ page: 'home' }, { page: 'cart' }], click_count: [{ n: 3 }] },
      rowsWritten: { clicks: 3 },
    },
  },
];
