import { fn, shared } from '../function-signature.js';
import { AVG_TYPE, SUM_TYPE, sameAs } from '../result-types.js';

/** Aggregate functions (also usable over a window). */
export const AGGREGATES = [
  fn('count', 'aggregate', ['any'], 'int64', 'Number of rows (no argument) or of non-null values.', { min: 0 }),
  fn('count_distinct', 'aggregate', ['any'], 'int64', 'Number of distinct non-null values (SQL: count(DISTINCT x)).'),
  shared('sum', 'aggregate', ['numeric'], SUM_TYPE, 'Sum of non-null values; NULL for no rows; an integer overflow is an error.'),
  shared('avg', 'aggregate', ['numeric'], AVG_TYPE, 'Mean of non-null values.', { aliases: ['mean'] }),
  shared('min', 'aggregate', ['any'], sameAs(0), 'Smallest non-null value.'),
  shared('max', 'aggregate', ['any'], sameAs(0), 'Largest non-null value.'),
  shared('stddev', 'aggregate', ['numeric'], 'float64', 'Sample standard deviation.', { sqlName: 'stddev_samp', aliases: ['stddev_samp', 'std'] }),
  shared('stddev_pop', 'aggregate', ['numeric'], 'float64', 'Population standard deviation.'),
  shared('var_samp', 'aggregate', ['numeric'], 'float64', 'Sample variance.', { aliases: ['variance'] }),
  shared('var_pop', 'aggregate', ['numeric'], 'float64', 'Population variance.'),
  fn('count_if', 'aggregate', ['boolean'], 'int64', 'Number of rows where the predicate is true; 0 for none.'),
  shared('bool_and', 'aggregate', ['boolean'], 'bool', 'Whether the predicate is true for every non-null value; NULL for none.', { aliases: ['every'] }),
  shared('bool_or', 'aggregate', ['boolean'], 'bool', 'Whether the predicate is true for some non-null value; NULL for none.'),
] as const;
