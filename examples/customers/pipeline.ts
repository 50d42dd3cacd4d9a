import { col, count, from, pipeline, readFiles } from '@thund/ir';

const isDelete = col('op').eq('DELETE');

/** A change feed (CSV backfill + JSON change files) applied as SCD1 and SCD2 tables; the history tracks country moves only. */
export default pipeline('customers', { database: 'crm', storage: '.thund/customers' })
  .table('customer_changes', {
    comment: 'The raw change feed: a backfill plus new change files.',
    schema: [
      { name: 'customer_id', type: 'int64', nullable: false },
      { name: 'name', type: 'utf8' },
      { name: 'country', type: 'utf8' },
      { name: 'op', type: 'utf8' },
      { name: 'seq', type: 'int64' },
    ],
  })
  .table('customers', {
    comment: 'Current customers (SCD type 1).',
    partitionColumns: ['country'],
    schema: [
      { name: 'customer_id', type: 'int64', nullable: false },
      { name: 'name', type: 'utf8' },
      { name: 'country', type: 'utf8' },
      { name: 'seq', type: 'int64' },
    ],
  })
  .table('customer_history', { comment: 'Every country a customer lived in (SCD type 2; a name fix rewrites the current version).' })
  .flow('backfill_changes', {
    target: 'customer_changes',
    kind: 'append_once',
    query: readFiles('csv', 'data/backfill.csv', { options: { header: 'true' } }),
  })
  .flow('ingest_changes', { target: 'customer_changes', kind: 'streaming', query: readFiles('json', 'data/changes') })
  .flow('apply_customers', {
    target: 'customers',
    kind: 'cdc',
    query: from('customer_changes'),
    cdc: { keys: ['customer_id'], sequenceBy: 'seq', deleteWhen: isDelete, scdType: 1, exceptColumns: ['op'] },
  })
  .flow('apply_customer_history', {
    target: 'customer_history',
    kind: 'cdc',
    query: from('customer_changes'),
    cdc: { keys: ['customer_id'], sequenceBy: 'seq', deleteWhen: isDelete, scdType: 2, columns: ['customer_id', 'name', 'country', 'seq'], trackHistory: ['country'] },
  })
  .materializedView('customers_by_country', {
    query: from('customers').groupBy('country').agg(count().as('customers')),
  })
  .build();
