import { from } from '@thund/ir';
import { shop } from './shop.js';

export default shop().materializedView('latest', { query: from('orders').orderBy('tss').limit(10) }).build();
