import { count, readFiles } from '@thund/ir';
import { shop } from './shop.js';

export default shop()
  .streamingTable('per_minute', {
    query: readFiles('json', 'data/events', { schema: [{ name: 'user', type: 'utf8' }, { name: 'at', type: 'timestamp' }] }).groupBy('user').agg(count().as('n')),
    watermark: { column: 'time', delay: '1m' },
    window: { kind: 'tumbling', size: '1m', column: 'at' },
    outputMode: 'append',
  })
  .build();
