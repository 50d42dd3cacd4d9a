import { from, sum } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('totals', { query: from('orders').groupBy('customer').agg(sum('status').as('s')) }).build();
