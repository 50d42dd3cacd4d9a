import { from, rowNumber } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('ranked', { query: from('orders').window(rowNumber().over({ partitionBy: ['custome'], orderBy: ['ts'] }).as('rn')) }).build();
