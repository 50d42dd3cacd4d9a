import { col, from, lag } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('previous', { query: from('orders').window(lag('amount', col('qty')).over({ orderBy: ['ts'] }).as('prev')) }).build();
