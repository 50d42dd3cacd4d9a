import { shared } from '../function-signature.js';
import { commonOf, sameAs, withCommonArguments } from '../result-types.js';

/** Null handling and conditionals. */
export const CONDITIONAL = [
  shared('coalesce', 'scalar', ['any'], commonOf(), 'First non-null argument (SQL also reads ifnull and nvl, of two arguments, as it).', { min: 1, max: null, aliases: ['ifnull', 'nvl'] }),
  shared('nullif', 'scalar', ['any', 'any'], withCommonArguments(sameAs(0)), 'NULL if both arguments are equal, else the first.'),
] as const;
