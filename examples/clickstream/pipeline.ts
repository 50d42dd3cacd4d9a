import { col, count, countDistinct, expect, from, pipeline, readFiles } from '@thund/ir';

/** A growing directory of JSON page events → a streaming table → per-minute windowed counts. */
export default pipeline('clickstream')
  .streamingTable('page_events', { comment: 'Every page view, appended as files arrive.' })
  .flow('ingest_page_events', {
    target: 'page_events',
    kind: 'streaming',
    trigger: { kind: 'available_now' },
    query: readFiles('json', 'data/events', {
      schema: [
        { name: 'user_id', type: 'utf8' },
        { name: 'page', type: 'utf8' },
        { name: 'ts', type: { type: 'timestamp', unit: 'us', timezone: 'UTC' } },
      ],
    }),
    expectations: [expect('has_user', col('user_id').isNotNull(), 'drop')],
  })
  .streamingTable('views_per_minute', {
    comment: 'Page views per page and minute, final once the watermark passes.',
    trigger: { kind: 'available_now' },
    watermark: { column: 'ts', delay: '30s' },
    window: { kind: 'tumbling', size: '1m' },
    outputMode: 'append',
    query: from('page_events').groupBy('page').agg(count().as('views'), countDistinct('user_id').as('users')),
  })
  .build();
