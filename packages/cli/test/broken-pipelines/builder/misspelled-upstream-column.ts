import { col, from, sum } from '@thund/ir';
import { shop } from './shop.js';

// `per_customer` has no declared schema: its columns (customer, total) are inferred from the flow that writes it.
export default shop()
  .materializedView('per_customer', { query: from('orders').groupBy('customer').agg(sum('amount').as('total')) })
  .materializedView('big', { query: from('per_customer').filter(col('totl').gt(100)) })
  .build();
