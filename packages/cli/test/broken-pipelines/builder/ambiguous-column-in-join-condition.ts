import { col, from } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('enriched', { query: from('orders').join(from('customers'), { on: col('customer').eq(col('country')) }).select('order_id', 'score') }).build();
