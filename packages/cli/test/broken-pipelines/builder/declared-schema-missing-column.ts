import { from } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('slim', {
  schema: [{ name: 'order_id', type: 'int64' }, { name: 'note', type: 'utf8' }],
  query: from('orders').select('order_id'),
}).build();
