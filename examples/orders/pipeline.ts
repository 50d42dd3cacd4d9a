import { col, count, expect, from, pipeline, readFiles, sum, toDate, trim, upper } from '@thund/ir';

/** Orders CSV → cleaned table with expectations → daily rollup → Parquet export. */
export default pipeline('orders')
  .temporaryView('raw_orders', {
    comment: 'Orders as exported by the shop.',
    query: readFiles('csv', 'data/orders.csv', { options: { header: 'true' } }),
  })
  .table('clean_orders', {
    comment: 'Valid orders with normalised country codes.',
    schema: [
      { name: 'order_id', type: 'int64', nullable: false },
      { name: 'customer', type: 'utf8' },
      { name: 'country', type: 'utf8' },
      { name: 'amount', type: { type: 'decimal', precision: 10, scale: 2 } },
      { name: 'order_date', type: 'date32' },
    ],
    query: from('raw_orders').select(
      col('order_id').cast('int64').as('order_id'),
      'customer',
      upper(trim('country')).as('country'),
      col('amount').cast({ type: 'decimal', precision: 10, scale: 2 }).as('amount'),
      toDate('ordered_at').as('order_date'),
    ),
    expectations: [
      expect('has_order_id', col('order_id').isNotNull(), 'fail'),
      expect('positive_amount', col('amount').gt(0), 'drop'),
      expect('known_customer', col('customer').isNotNull(), 'warn'),
    ],
  })
  .materializedView('daily_revenue', {
    comment: 'Revenue and order count per day and country.',
    query: from('clean_orders')
      .groupBy('order_date', 'country')
      .agg(sum('amount').as('revenue'), count().as('orders'))
      .orderBy('order_date', 'country'),
  })
  .sink('daily_revenue_export', { format: 'parquet', location: 'out/daily_revenue.parquet' })
  .flow('export_daily_revenue', { target: 'daily_revenue_export', query: from('daily_revenue') })
  .build();
