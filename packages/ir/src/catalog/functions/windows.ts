import { shared } from '../function-signature.js';
import { sameAs } from '../result-types.js';

/** Window-only functions (ranking and offsets). */
export const WINDOWS = [
  shared('row_number', 'window', [], 'int32', 'Position of the row in its partition, from 1.', { needsOrder: true }),
  shared('rank', 'window', [], 'int32', 'Rank with gaps.', { needsOrder: true }),
  shared('dense_rank', 'window', [], 'int32', 'Rank without gaps.', { needsOrder: true }),
  shared('lag', 'window', ['any', 'integer_literal'], sameAs(0), 'Value `offset` rows before (default 1).', { min: 1, needsOrder: true }),
  shared('lead', 'window', ['any', 'integer_literal'], sameAs(0), 'Value `offset` rows after (default 1).', { min: 1, needsOrder: true }),
] as const;
