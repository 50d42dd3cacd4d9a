import { col, from } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('odd', { query: from('orders').filter(col('qty').gt(1).and(col('customer'))) }).build();
