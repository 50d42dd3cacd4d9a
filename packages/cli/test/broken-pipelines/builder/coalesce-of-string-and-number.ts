import { coalesce, col, from } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('filled', { query: from('orders').select(coalesce(col('status'), col('qty')).as('status')) }).build();
