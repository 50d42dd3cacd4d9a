import { count, readFiles } from '@thund/ir';
import { shop } from './shop.js';

export default shop()
  .streamingTable('per_day', {
    query: readFiles('json', 'data/events', { schema: [{ name: 'user', type: 'utf8' }, { name: 'day', type: 'date32' }] }).groupBy('user').agg(count().as('n')),
    window: { kind: 'tumbling', size: '1d', column: 'day' },
    outputMode: 'update',
  })
  .build();
