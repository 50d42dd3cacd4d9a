import { type Field, pipeline, readFiles } from '@thund/ir';

// The shop every builder case starts from: orders and customers read from JSON files with declared schemas, so
// `check` knows every column and its type. Each other file of this folder is one pipeline with one mistake.
export const ORDERS: readonly Field[] = [
  { name: 'order_id', type: 'int64' }, { name: 'customer', type: 'utf8' }, { name: 'amount', type: { type: 'decimal', precision: 10, scale: 2 } },
  { name: 'qty', type: 'int32' }, { name: 'ts', type: 'timestamp' }, { name: 'day', type: 'date32' }, { name: 'status', type: 'utf8' },
];
export const CUSTOMERS: readonly Field[] = [{ name: 'customer', type: 'utf8' }, { name: 'country', type: 'utf8' }, { name: 'score', type: 'float64' }];

export const shop = () => pipeline('shop')
  .temporaryView('orders', { query: readFiles('json', 'data/orders.jsonl', { schema: ORDERS }) })
  .temporaryView('customers', { query: readFiles('json', 'data/customers.jsonl', { schema: CUSTOMERS }) });
