import { col, from, lit, when } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('labels', { query: from('orders').select(when(col('qty').gt(1), lit('many')).otherwise(col('day')).as('label')) }).build();
