import { col, from } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('some', { query: from('orders').filter(col('day').in('open', 'closed')) }).build();
