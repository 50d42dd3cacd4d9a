import { call, col, from } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('years', { query: from('orders').select(call('year', col('status')).as('y')) }).build();
