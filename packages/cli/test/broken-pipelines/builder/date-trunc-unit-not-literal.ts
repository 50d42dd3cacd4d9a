import { call, col, from } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('monthly', { query: from('orders').select(call('date_trunc', col('status'), col('ts')).as('month')) }).build();
