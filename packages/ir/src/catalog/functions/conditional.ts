import { fn, shared } from '../function-signature.js';
import { commonOf, sameAs, withCommonArguments } from '../result-types.js';
import { fixedType } from '../type-rule.js';

/** Null handling and conditionals. */
export const CONDITIONAL = [
  shared('coalesce', 'scalar', ['any'], commonOf(), 'First non-null argument (SQL also reads ifnull and nvl, of two arguments, as it).', { min: 1, max: null, aliases: ['ifnull', 'nvl'] }),
  shared('nullif', 'scalar', ['any', 'any'], withCommonArguments(sameAs(0)), 'NULL if both arguments are equal, else the first.'),
  fn('nvl2', 'scalar', ['any', 'any', 'any'], commonOf(1, 2), 'The second argument if the first is not NULL, else the third.'),
  fn('isnull', 'scalar', ['any'], 'bool', 'Whether the argument is NULL.'),
  fn('isnotnull', 'scalar', ['any'], 'bool', 'Whether the argument is not NULL.'),
  fn('nanvl', 'scalar', ['numeric', 'numeric'], 'float64', 'The first argument as a double unless it is NaN, else the second.'),
  fn('equal_null', 'scalar', ['any', 'any'], withCommonArguments(fixedType('bool')), 'Whether the arguments are equal, NULL counting as equal to NULL (the `<=>` operator).'),
  fn('nullifzero', 'scalar', ['numeric'], sameAs(0), 'NULL if the argument is zero, else the argument.'),
] as const;
