import { col, expect, from } from '@thund/ir';
import { shop } from './shop.js';

export default shop().table('clean', { query: from('orders'), expectations: [expect('positive', col('amuont').gt(0), 'drop')] }).build();
