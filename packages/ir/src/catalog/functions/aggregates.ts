import { type ArgumentRule, fn, shared } from '../function-signature.js';
import { AVG_TYPE, SUM_TYPE, sameAs } from '../result-types.js';

/** The `ignoreNulls` argument of first, last and any_value: a boolean literal (Spark requires a constant). */
const ignoreNullsLiteral: ArgumentRule = (args) => {
  const flag = args[1]?.node;
  return flag === undefined || (flag.kind === 'literal' && typeof flag.value === 'boolean') ? undefined : 'the second argument (ignore NULLs) must be TRUE or FALSE';
};

/** Why first, last and any_value agree across engines only on some groups. */
const ORDER_NOTE = 'Which row comes first is the engine\'s (Spark does not define it either): engines agree where the group\'s values (its non-NULL ones, ignoring NULLs) are equal, or over a window ordered by a unique key.';

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
  fn('max_by', 'aggregate', ['any', 'any'], sameAs(0), 'The first argument on the row where the second is largest (rows where it is NULL skipped); on a tie, whichever row the engine meets first.'),
  fn('min_by', 'aggregate', ['any', 'any'], sameAs(0), 'The first argument on the row where the second is smallest (rows where it is NULL skipped); on a tie, whichever row the engine meets first.'),
  shared('covar_pop', 'aggregate', ['numeric', 'numeric'], 'float64', 'Population covariance of the pairs where both are non-null.'),
  shared('covar_samp', 'aggregate', ['numeric', 'numeric'], 'float64', 'Sample covariance of the pairs where both are non-null; NULL for fewer than two.'),
  fn('median', 'aggregate', ['numeric'], 'float64', 'Median, interpolated between the two middle values.'),
  fn('percentile', 'aggregate', ['numeric', 'numeric_literal'], 'float64', 'Exact percentile (a fraction from 0 to 1), interpolated linearly between neighbouring values.'),
  fn('percentile_approx', 'aggregate', ['numeric', 'numeric_literal', 'integer_literal'], sameAs(0), 'A value of the column at the percentile (a fraction from 0 to 1): the ceil(p × n)-th smallest; exact below `accuracy` (default 10000) rows.', {
    min: 2, aliases: ['approx_percentile'],
    notes: ['Native computes the exact answer Spark\'s summary gives while it holds every row (fewer than `accuracy` rows); above that Spark\'s answer is within 1/accuracy of that rank and native\'s stays exact.'],
  }),
  shared('bit_and', 'aggregate', ['integer'], sameAs(0), 'Bitwise AND of the non-null values.'),
  shared('bit_or', 'aggregate', ['integer'], sameAs(0), 'Bitwise OR of the non-null values.'),
  shared('bit_xor', 'aggregate', ['integer'], sameAs(0), 'Bitwise XOR of the non-null values.'),
  fn('first', 'aggregate', ['any', 'boolean'], sameAs(0), 'The value on the first row the engine meets (NULL too, unless the second argument is TRUE: then the first non-NULL one).', {
    min: 1, refuse: ignoreNullsLiteral,
    notes: [ORDER_NOTE],
  }),
  fn('last', 'aggregate', ['any', 'boolean'], sameAs(0), 'The value on the last row the engine meets (NULL too, unless the second argument is TRUE: then the last non-NULL one).', {
    min: 1, refuse: ignoreNullsLiteral,
    notes: [ORDER_NOTE],
  }),
  fn('any_value', 'aggregate', ['any', 'boolean'], sameAs(0), 'A value of the group, any one (with TRUE as second argument, a non-NULL one).', {
    min: 1, refuse: ignoreNullsLiteral,
    notes: [ORDER_NOTE],
  }),
] as const;
