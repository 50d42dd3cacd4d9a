import type { Pipeline } from '../../src/index.js';
import {
  avg, coalesce, col, concat, count, countDistinct, dateTrunc, expect, from, lag, lit, max, min, pipeline, rank,
  readFiles, round, rowNumber, sql, sum, upper, when,
} from '../../src/index.js';
import { everyFeaturePipeline } from './full-pipeline.js';

/** The round-trip fixture set; `scripts/write-fixtures.ts` writes each as test/fixtures/<name>.json. */
export const FIXTURE_PIPELINES: Readonly<Record<string, () => Pipeline>> = {
  'batch-materialized-view': () =>
    pipeline('mv')
      .temporaryView('src', { query: readFiles('parquet', 'data/src.parquet') })
      .materializedView('agg', { query: from('src').groupBy('k').agg(sum('v').as('total'), avg('v').as('mean')) })
      .build(),
  'table-two-batch-flows': () =>
    pipeline('two_flows', { catalog: 'main', database: 'sales', configuration: { 'spark.sql.shuffle.partitions': '4' } })
      .temporaryView('eu', { query: readFiles('csv', 'eu.csv', { options: { header: 'true', delimiter: ';' } }) })
      .temporaryView('us', { query: readFiles('csv', 'us.csv', { options: { header: 'true' } }) })
      .table('all_orders', { partitionColumns: ['region'], properties: { owner: 'sales' }, schema: [{ name: 'id', type: 'int64', nullable: false }, { name: 'region', type: 'utf8' }] })
      .flow('eu_orders', { target: 'all_orders', query: from('eu').select('id', lit('eu').as('region')) })
      .flow('us_orders', { target: 'all_orders', query: from('us').select('id', lit('us').as('region')) })
      .build(),
  'join-with-aliases': () =>
    pipeline('joins')
      .temporaryView('orders', { query: readFiles('json', 'orders.jsonl') })
      .temporaryView('customers', { query: readFiles('json', 'customers.jsonl') })
      .materializedView('enriched', {
        query: from('orders')
          .join(from('customers'), { type: 'left', leftAlias: 'o', rightAlias: 'c', on: col('customer_id', 'o').eq(col('id', 'c')) })
          .select(col('id', 'o').as('order_id'), coalesce(col('name', 'c'), 'unknown').as('customer'))
          .join(from('customers').select(col('id').as('order_id')), { type: 'anti', using: ['order_id'] }),
      })
      .build(),
  'sink-parquet': () =>
    pipeline('export')
      .temporaryView('src', { query: readFiles('csv', 'in.csv') })
      .sink('out', { format: 'parquet', location: 'out/data.parquet', options: { compression: 'zstd' } })
      .flow('write_out', { target: 'out', query: from('src').filter(col('ok').eq(true)) })
      .build(),
  'streaming-directory': () =>
    pipeline('stream_dir', { storage: '/tmp/thund/stream_dir' })
      .streamingTable('events', {
        query: readFiles('json', 'landing/', { schema: [{ name: 'id', type: 'utf8' }, { name: 'ts', type: { type: 'timestamp', unit: 'ms', timezone: 'UTC' } }] }),
        trigger: { kind: 'processing_time', interval: '5s' },
        expectations: [expect('has_id', col('id').isNotNull(), 'drop')],
      })
      .sink('mirror', { format: 'json', location: 'mirror/' })
      .flow('mirror_events', { target: 'mirror', kind: 'streaming', query: from('events') })
      .build(),
  'window-tumbling-append': () =>
    pipeline('tumbling')
      .streamingTable('events', { query: readFiles('json', 'in/') })
      .streamingTable('per_minute', {
        query: from('events').groupBy('page').agg(count().as('views')),
        watermark: { column: 'ts', delay: '30s' },
        window: { kind: 'tumbling', size: '1m' },
        outputMode: 'append',
        trigger: { kind: 'available_now' },
      })
      .build(),
  'window-hopping-update': () =>
    pipeline('hopping')
      .streamingTable('events', { query: readFiles('json', 'in/') })
      .streamingTable('sliding', {
        query: from('events').groupBy('page').agg(max('latency').as('worst'), min('latency').as('best')),
        watermark: { column: 'ts', delay: '1m' },
        window: { kind: 'hopping', size: '10m', slide: '5m' },
        outputMode: 'update',
      })
      .build(),
  'window-session-complete': () =>
    pipeline('session')
      .streamingTable('clicks', { query: readFiles('parquet', 'clicks/') })
      .streamingTable('sessions', {
        query: from('clicks').groupBy('user').agg(count().as('clicks'), countDistinct('page').as('pages')),
        watermark: { column: 'ts', delay: '2m' },
        window: { kind: 'session', gap: '30m', column: 'ts' },
        outputMode: 'complete',
        trigger: { kind: 'once' },
      })
      .build(),
  'cdc-scd1': () =>
    pipeline('cdc1')
      .streamingTable('changes', { query: readFiles('json', 'cdc/') })
      .table('current', { schema: [{ name: 'id', type: 'int64' }, { name: 'v', type: 'utf8' }] })
      .flow('apply', {
        target: 'current',
        kind: 'cdc',
        query: from('changes'),
        cdc: { keys: ['id'], sequenceBy: 'lsn', scdType: 1, deleteWhen: col('op').eq('D').node, exceptColumns: ['op', 'lsn'] },
      })
      .build(),
  'cdc-scd2': () =>
    pipeline('cdc2')
      .streamingTable('changes', { query: readFiles('json', 'cdc/') })
      .table('history')
      .flow('apply_history', {
        target: 'history',
        kind: 'cdc',
        query: from('changes').filter(col('id').isNotNull()),
        cdc: { keys: ['id', 'tenant'], sequenceBy: 'lsn', scdType: 2, columns: ['id', 'tenant', 'v', 'lsn'] },
      })
      .build(),
  'append-once-backfill': () =>
    pipeline('backfill')
      .streamingTable('events', { query: readFiles('json', 'live/') })
      .flow('backfill_2025', { target: 'events', kind: 'append_once', query: readFiles('parquet', 'archive/2025/*.parquet') })
      .build(),
  'raw-sql-spark': () =>
    pipeline('raw_sql')
      .temporaryView('src', { query: readFiles('csv', 'in.csv') })
      .materializedView('top', { query: sql('spark', 'SELECT k, count(*) AS n FROM src GROUP BY k ORDER BY n DESC LIMIT 5'), reads: ['src'] })
      .build(),
  'every-expression': () =>
    pipeline('expressions')
      .temporaryView('src', { query: readFiles('csv', 'in.csv') })
      .materializedView('out', {
        query: from('src')
          .filter(col('a').gte(1).and(col('b').lt(2.5)).or(col('c').like('x%').not()).and(col('d').in(1, 2, 3)))
          .select(
            col('a').add(1).mul(2).sub(col('b')).div(3).mod(7).as('arith'),
            col('a').neg().as('neg'),
            when(col('a').gt(10), 'big').when(col('a').gt(5), 'mid').otherwise('small').as('size'),
            when(col('b').isNull(), 0).as('b_or_null'),
            lit('2026-01-31', 'date32').as('day'),
            lit('12.50', { type: 'decimal', precision: 5, scale: 2 }).as('price'),
            lit(null).as('nothing'),
            col('ts').cast({ type: 'timestamp', unit: 'us', timezone: 'Europe/Oslo' }).as('local_ts'),
            dateTrunc('day', 'ts').as('day_start'),
            round('b', 2).as('b2'),
            concat(upper('c'), '-', col('d').cast('utf8')).as('label'),
            col('ts'),
            col('b'),
          )
          .window(
            rowNumber().over({ partitionBy: ['size'], orderBy: [col('ts').desc('last')] }).as('rn'),
            rank().over({ orderBy: [col('b').asc('first')] }).as('rk'),
            lag('b', 2).over({ orderBy: ['ts'] }).as('prev_b'),
            sum('b').over({ partitionBy: ['size'], orderBy: ['ts'], frame: { start: null, end: 0 } }).as('running_b'),
          )
          .orderBy(col('rn').asc(), 'size')
          .limit(100, 10),
      })
      .build(),
  'every-feature': everyFeaturePipeline,
};
