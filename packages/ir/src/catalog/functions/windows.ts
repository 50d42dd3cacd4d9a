import { shared } from '../function-signature.js';
import { sameAs } from '../result-types.js';

/** Window-only functions (ranking and offsets). */
export const WINDOWS = [
  shared('row_number', 'window', [], 'int32', 'Position of the row in its partition, from 1.', { needsOrder: true }),
  shared('rank', 'window', [], 'int32', 'Rank with gaps.', { needsOrder: true }),
  shared('dense_rank', 'window', [], 'int32', 'Rank without gaps.', { needsOrder: true }),
  shared('lag', 'window', ['any', 'integer_literal'], sameAs(0), 'Value `offset` rows before (default 1).', { min: 1, needsOrder: true }),
  shared('lead', 'window', ['any', 'integer_literal'], sameAs(0), 'Value `offset` rows after (default 1).', { min: 1, needsOrder: true }),
  shared('ntile', 'window', ['integer_literal'], 'int32', 'Bucket number (1 to `n`) of the row, the partition split into `n` buckets as equal as can be, the first ones one row larger.', { needsOrder: true }),
  shared('percent_rank', 'window', [], 'float64', 'Relative rank: (rank - 1) / (rows in the partition - 1); 0 for a partition of one row.', { needsOrder: true }),
  shared('cume_dist', 'window', [], 'float64', 'Share of the partition\'s rows ordered at or before the row (peers included).', { needsOrder: true }),
  shared('first_value', 'window', ['any'], sameAs(0), 'Value on the first row of the window frame (by default, the partition up to the row\'s last peer).'),
  shared('last_value', 'window', ['any'], sameAs(0), 'Value on the last row of the window frame (by default, the row\'s last peer).'),
  shared('nth_value', 'window', ['any', 'integer_literal'], sameAs(0), 'Value on the n-th row of the window frame; NULL while the frame has fewer rows.', { needsOrder: true }),
] as const;
