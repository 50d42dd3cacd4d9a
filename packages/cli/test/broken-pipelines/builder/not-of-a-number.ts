import { col, from } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('odd', { query: from('orders').filter(col('qty').not()) }).build();
