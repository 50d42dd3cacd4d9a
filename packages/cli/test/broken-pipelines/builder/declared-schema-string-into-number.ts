import { from } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('codes', {
  schema: [{ name: 'customer', type: 'int64' }],
  query: from('orders').select('customer'),
}).build();
