import { count, from } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('per_customer', { query: from('orders').groupBy('costumer').agg(count().as('n')) }).build();
