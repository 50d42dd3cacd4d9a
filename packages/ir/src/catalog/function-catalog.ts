/** Where a function may appear. */
export type FunctionKind = 'scalar' | 'aggregate' | 'window';

/** Coarse argument classes; a backend may check them more strictly. */
export type ArgumentClass = 'any' | 'numeric' | 'string' | 'boolean' | 'temporal' | 'integer_literal' | 'string_literal';

/** How the result type follows from the arguments. */
export type ReturnRule = 'same_as_first' | 'common_numeric' | 'int64' | 'float64' | 'utf8' | 'bool' | 'timestamp' | 'int32';

export interface FunctionSignature {
  readonly name: string;
  readonly kind: FunctionKind;
  readonly minArgs: number;
  /** `null` for variadic. */
  readonly maxArgs: number | null;
  /** Argument classes by position; the last one repeats for variadic functions. */
  readonly args: readonly ArgumentClass[];
  readonly returns: ReturnRule;
  readonly description: string;
}

function fn(
  name: string,
  kind: FunctionKind,
  args: readonly ArgumentClass[],
  returns: ReturnRule,
  description: string,
  arity: { readonly min?: number; readonly max?: number | null } = {},
): FunctionSignature {
  return Object.freeze({ name, kind, minArgs: arity.min ?? args.length, maxArgs: arity.max === undefined ? args.length : arity.max, args, returns, description });
}

/**
 * Every function a portable plan may call. A backend declares which of
 * these it lowers (`Capabilities.functions`); `check` rejects the rest.
 */
export const FUNCTION_CATALOG: readonly FunctionSignature[] = Object.freeze([
  // numeric
  fn('abs', 'scalar', ['numeric'], 'same_as_first', 'Absolute value.'),
  fn('round', 'scalar', ['numeric', 'integer_literal'], 'same_as_first', 'Round half away from zero to `digits` decimals (default 0).', { min: 1 }),
  fn('floor', 'scalar', ['numeric'], 'same_as_first', 'Largest integer not greater than the argument.'),
  fn('ceil', 'scalar', ['numeric'], 'same_as_first', 'Smallest integer not less than the argument.'),
  fn('sqrt', 'scalar', ['numeric'], 'float64', 'Square root.'),
  fn('power', 'scalar', ['numeric', 'numeric'], 'float64', 'Base raised to exponent.'),
  fn('ln', 'scalar', ['numeric'], 'float64', 'Natural logarithm.'),
  fn('exp', 'scalar', ['numeric'], 'float64', 'e raised to the argument.'),
  fn('greatest', 'scalar', ['any'], 'same_as_first', 'Largest non-null argument.', { min: 1, max: null }),
  fn('least', 'scalar', ['any'], 'same_as_first', 'Smallest non-null argument.', { min: 1, max: null }),
  // strings
  fn('upper', 'scalar', ['string'], 'utf8', 'Upper case.'),
  fn('lower', 'scalar', ['string'], 'utf8', 'Lower case.'),
  fn('length', 'scalar', ['string'], 'int64', 'Number of characters.'),
  fn('trim', 'scalar', ['string'], 'utf8', 'Strip leading and trailing spaces.'),
  fn('ltrim', 'scalar', ['string'], 'utf8', 'Strip leading spaces.'),
  fn('rtrim', 'scalar', ['string'], 'utf8', 'Strip trailing spaces.'),
  fn('substring', 'scalar', ['string', 'numeric', 'numeric'], 'utf8', '1-based substring of `length` characters (default: to the end).', { min: 2 }),
  fn('concat', 'scalar', ['any'], 'utf8', 'Concatenation; NULL if any argument is NULL.', { min: 1, max: null }),
  fn('replace', 'scalar', ['string', 'string', 'string'], 'utf8', 'Replace every occurrence of a substring.'),
  fn('starts_with', 'scalar', ['string', 'string'], 'bool', 'Whether the string starts with the prefix.'),
  // null handling
  fn('coalesce', 'scalar', ['any'], 'same_as_first', 'First non-null argument.', { min: 1, max: null }),
  fn('nullif', 'scalar', ['any', 'any'], 'same_as_first', 'NULL if both arguments are equal, else the first.'),
  // temporal
  fn('year', 'scalar', ['temporal'], 'int64', 'Year of a date or timestamp.'),
  fn('month', 'scalar', ['temporal'], 'int64', 'Month (1-12).'),
  fn('day', 'scalar', ['temporal'], 'int64', 'Day of month (1-31).'),
  fn('hour', 'scalar', ['temporal'], 'int64', 'Hour (0-23).'),
  fn('date_trunc', 'scalar', ['string_literal', 'temporal'], 'timestamp', "Truncate to 'year', 'month', 'day', 'hour' or 'minute'."),
  fn('to_date', 'scalar', ['temporal'], 'int32', 'Date part of a timestamp (as date32).'),
  // aggregates
  fn('count', 'aggregate', ['any'], 'int64', 'Number of rows (no argument) or of non-null values.', { min: 0 }),
  fn('count_distinct', 'aggregate', ['any'], 'int64', 'Number of distinct non-null values.'),
  fn('sum', 'aggregate', ['numeric'], 'common_numeric', 'Sum of non-null values; NULL for no rows.'),
  fn('avg', 'aggregate', ['numeric'], 'float64', 'Mean of non-null values.'),
  fn('min', 'aggregate', ['any'], 'same_as_first', 'Smallest non-null value.'),
  fn('max', 'aggregate', ['any'], 'same_as_first', 'Largest non-null value.'),
  fn('stddev', 'aggregate', ['numeric'], 'float64', 'Sample standard deviation.'),
  // window-only
  fn('row_number', 'window', [], 'int64', 'Position of the row in its partition, from 1.'),
  fn('rank', 'window', [], 'int64', 'Rank with gaps.'),
  fn('dense_rank', 'window', [], 'int64', 'Rank without gaps.'),
  fn('lag', 'window', ['any', 'integer_literal'], 'same_as_first', 'Value `offset` rows before (default 1).', { min: 1 }),
  fn('lead', 'window', ['any', 'integer_literal'], 'same_as_first', 'Value `offset` rows after (default 1).', { min: 1 }),
]);

const BY_NAME: ReadonlyMap<string, FunctionSignature> = new Map(FUNCTION_CATALOG.map((f) => [f.name, f]));

export function lookupFunction(name: string): FunctionSignature | undefined {
  return BY_NAME.get(name);
}

/** Names of every cataloged function, for backends that lower them all. */
export const ALL_FUNCTION_NAMES: readonly string[] = Object.freeze(FUNCTION_CATALOG.map((f) => f.name));

export function arityLabel(signature: FunctionSignature): string {
  if (signature.maxArgs === null) return `at least ${signature.minArgs}`;
  if (signature.minArgs === signature.maxArgs) return `exactly ${signature.minArgs}`;
  return `${signature.minArgs} to ${signature.maxArgs}`;
}
