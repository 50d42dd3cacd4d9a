import { type Field, col, count, expect, from, pipeline, readFiles, sum } from '@thund/ir';
import type { ConformanceCase } from '../conformance-case.js';

const CLICK_SCHEMA: readonly Field[] = [
  { name: 'id', type: 'int64' },
  { name: 'page', type: 'utf8' },
  { name: 'ms', type: 'int64' },
];

type Click = { readonly id: number; readonly page: string; readonly ms: number | null };

const CLICKS: readonly (readonly Click[])[] = [
  [{ id: 1, page: 'home', ms: 120 }, { id: 2, page: 'cart', ms: 40 }],
  [{ id: 3, page: 'home', ms: null }, { id: 4, page: 'pay', ms: 900 }],
  [{ id: 5, page: 'cart', ms: 35 }, { id: 6, page: 'home', ms: 2000 }, { id: 7, page: 'pay', ms: 15 }],
];

const jsonl = (rows: readonly object[]): string => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
/** File `<dir>/<i>.jsonl` for each batch of rows, keyed by path relative to the work dir. */
const filesOf = (dir: string, batches: readonly (readonly object[])[], first = 0): Record<string, string> =>
  Object.fromEntries(batches.map((rows, i) => [`${dir}/${String(first + i).padStart(3, '0')}.jsonl`, jsonl(rows)]));

const clicks = (path: (p: string) => string, dir = 'clicks') => readFiles('json', path(dir), { schema: CLICK_SCHEMA });

/**
 * Streaming: tables fed from a directory of files that keeps growing. Each
 * case runs twice on the same backend with files added in between; the
 * second run must see each file exactly once (nothing lost, nothing doubled).
 */
export const STREAMING_CASES: readonly ConformanceCase[] = [
  {
    id: 'streaming/table-from-growing-directory',
    group: 'streaming',
    description: 'a streaming table reads each file of a directory once, across runs',
    files: filesOf('clicks', CLICKS.slice(0, 2)),
    pipeline: ({ path }) => pipeline('stream_dir').streamingTable('clicks', { query: clicks(path) }).build(),
    expected: { clicks: CLICKS.slice(0, 2).flat() },
    rowsWritten: { clicks: 4 },
    rerun: { files: filesOf('clicks', CLICKS.slice(2), 2), expected: { clicks: CLICKS.flat() }, rowsWritten: { clicks: 3 } },
  },
  {
    id: 'streaming/two-flows-into-one-table',
    group: 'streaming',
    description: 'two streaming flows append to one table, each reading its own directory',
    files: { ...filesOf('web', [CLICKS[0] as Click[]]), ...filesOf('app', [CLICKS[1] as Click[]]) },
    pipeline: ({ path }) =>
      pipeline('stream_two')
        .table('all_clicks')
        .flow('from_web', { kind: 'streaming', target: 'all_clicks', query: clicks(path, 'web').select('id', 'page') })
        .flow('from_app', { kind: 'streaming', target: 'all_clicks', query: clicks(path, 'app').select('id', 'page') })
        .build(),
    expected: { all_clicks: [...(CLICKS[0] as Click[]), ...(CLICKS[1] as Click[])].map(({ id, page }) => ({ id, page })) },
    rerun: {
      files: filesOf('app', [CLICKS[2] as Click[]], 1),
      expected: { all_clicks: CLICKS.flat().map(({ id, page }) => ({ id, page })) },
    },
  },
  {
    id: 'streaming/append-once-only-writer',
    group: 'streaming',
    description: 'a table written only by an append-once flow (a batch backfill) takes its rows once: a later run appends nothing, even with new files; a view downstream counts them',
    files: filesOf('backfill', CLICKS.slice(0, 2)),
    pipeline: ({ path }) =>
      pipeline('append_once_only')
        .table('history')
        .flow('backfill', { kind: 'append_once', target: 'history', query: clicks(path, 'backfill').select('id', 'page') })
        .materializedView('history_count', { query: from('history').groupBy().agg(count().as('n')) })
        .build(),
    expected: { history: CLICKS.slice(0, 2).flat().map(({ id, page }) => ({ id, page })), history_count: [{ n: 4 }] },
    rowsWritten: { backfill: 4 },
    rerun: {
      files: filesOf('backfill', CLICKS.slice(2), 2),
      expected: { history: CLICKS.slice(0, 2).flat().map(({ id, page }) => ({ id, page })), history_count: [{ n: 4 }] },
      rowsWritten: { backfill: 0 },
    },
  },
  {
    id: 'streaming/filter-and-projection',
    group: 'streaming',
    description: 'a stateless streaming query (filter, computed column) over new files',
    files: filesOf('clicks', CLICKS.slice(0, 2)),
    pipeline: ({ path }) =>
      pipeline('stream_filter')
        .streamingTable('slow', { query: clicks(path).filter(col('ms').gt(100)).select('id', col('ms').div(1000).as('seconds')) })
        .build(),
    expected: { slow: [{ id: 1, seconds: 0.12 }, { id: 4, seconds: 0.9 }] },
    rowsWritten: { slow: 2 },
    rerun: {
      files: filesOf('clicks', CLICKS.slice(2), 2),
      expected: { slow: [{ id: 1, seconds: 0.12 }, { id: 4, seconds: 0.9 }, { id: 6, seconds: 2 }] },
      rowsWritten: { slow: 1 },
    },
  },
  {
    id: 'streaming/streaming-table-from-streaming-table',
    group: 'streaming',
    description: 'a streaming flow reads another streaming table incrementally: each row once, across runs',
    files: filesOf('clicks', CLICKS.slice(0, 2)),
    pipeline: ({ path }) =>
      pipeline('stream_chain')
        .streamingTable('clicks', { query: clicks(path) })
        .streamingTable('timed', { query: from('clicks').filter(col('ms').isNotNull()).select('id', 'page') })
        .build(),
    expected: { timed: [{ id: 1, page: 'home' }, { id: 2, page: 'cart' }, { id: 4, page: 'pay' }] },
    rowsWritten: { clicks: 4, timed: 3 },
    rerun: {
      files: filesOf('clicks', CLICKS.slice(2), 2),
      expected: { timed: CLICKS.flat().filter((c) => c.ms !== null).map(({ id, page }) => ({ id, page })) },
      rowsWritten: { clicks: 3, timed: 3 },
    },
  },
  {
    id: 'streaming/join-with-batch-dimension',
    group: 'streaming',
    description: 'a stream joined with a materialized view reads the view whole each run: new rows see its current content (stream-static join)',
    files: { ...filesOf('clicks', CLICKS.slice(0, 2)), 'pages.jsonl': jsonl([{ page: 'home', section: 'front' }, { page: 'cart', section: 'shop' }]) },
    pipeline: ({ path }) =>
      pipeline('stream_join')
        .materializedView('pages', { query: readFiles('json', path('pages.jsonl'), { schema: [{ name: 'page', type: 'utf8' }, { name: 'section', type: 'utf8' }] }) })
        .streamingTable('sections', { query: clicks(path).join(from('pages'), { type: 'left', using: ['page'] }).select('id', 'page', 'section') })
        .build(),
    expected: {
      sections: [{ id: 1, page: 'home', section: 'front' }, { id: 2, page: 'cart', section: 'shop' }, { id: 3, page: 'home', section: 'front' }, { id: 4, page: 'pay', section: null }],
    },
    rerun: {
      // The dimension changes between runs: rows already written keep what they were joined with.
      files: { ...filesOf('clicks', CLICKS.slice(2), 2), 'pages.jsonl': jsonl([{ page: 'home', section: 'landing' }, { page: 'pay', section: 'checkout' }]) },
      expected: {
        sections: [
          { id: 1, page: 'home', section: 'front' }, { id: 2, page: 'cart', section: 'shop' }, { id: 3, page: 'home', section: 'front' }, { id: 4, page: 'pay', section: null },
          { id: 5, page: 'cart', section: null }, { id: 6, page: 'home', section: 'landing' }, { id: 7, page: 'pay', section: 'checkout' },
        ],
      },
    },
  },
  {
    id: 'streaming/materialized-view-over-streaming-table',
    group: 'streaming',
    description: 'a materialized view over a streaming table is recomputed from all its rows each run',
    files: filesOf('clicks', CLICKS.slice(0, 2)),
    pipeline: ({ path }) =>
      pipeline('stream_mv')
        .streamingTable('clicks', { query: clicks(path) })
        .materializedView('per_page', { query: from('clicks').groupBy('page').agg(count().as('n'), sum('ms').as('total_ms')) })
        .build(),
    expected: { per_page: [{ page: 'home', n: 2, total_ms: 120 }, { page: 'cart', n: 1, total_ms: 40 }, { page: 'pay', n: 1, total_ms: 900 }] },
    rerun: {
      files: filesOf('clicks', CLICKS.slice(2), 2),
      expected: { per_page: [{ page: 'home', n: 3, total_ms: 2120 }, { page: 'cart', n: 2, total_ms: 75 }, { page: 'pay', n: 2, total_ms: 915 }] },
    },
  },
  {
    id: 'streaming/expectation-counts-per-run',
    group: 'expectations',
    description: 'expectations on a streaming flow count the rows of that run only',
    files: filesOf('clicks', CLICKS.slice(0, 2)),
    pipeline: ({ path }) =>
      pipeline('stream_expect')
        .streamingTable('fast', {
          query: clicks(path),
          // ms NULL fails both (a NULL result is a failure).
          expectations: [expect('timed', col('ms').isNotNull(), 'drop'), expect('under_a_second', col('ms').lt(1000), 'warn')],
        })
        .build(),
    expected: { fast: [CLICKS[0]?.[0], CLICKS[0]?.[1], CLICKS[1]?.[1]] as Click[] },
    expectationResults: {
      fast: [{ name: 'timed', action: 'drop', passed: 3, failed: 1 }, { name: 'under_a_second', action: 'warn', passed: 3, failed: 1 }],
    },
    rerun: {
      files: filesOf('clicks', CLICKS.slice(2), 2),
      expected: { fast: CLICKS.flat().filter((c) => c.ms !== null) },
      expectationResults: {
        fast: [{ name: 'timed', action: 'drop', passed: 3, failed: 0 }, { name: 'under_a_second', action: 'warn', passed: 2, failed: 1 }],
      },
    },
  },
];
