import { ThundErrorCode } from '../errors/error-code.js';
import { ThundError } from '../errors/thund-error.js';

/** Where a function may appear. */
export type FunctionKind = 'scalar' | 'aggregate' | 'window';

/** Coarse argument classes; a backend may check them more strictly. */
export type ArgumentClass = 'any' | 'numeric' | 'string' | 'boolean' | 'temporal' | 'integer_literal' | 'string_literal';

/** How the result type follows from the arguments. */
export type ReturnRule = 'same_as_first' | 'common_numeric' | 'int64' | 'float64' | 'utf8' | 'bool' | 'timestamp' | 'int32';

/**
 * One function of the catalog every backend agrees on: where it may appear, its arity, argument classes and
 * result type.
 */
export interface FunctionSignature<N extends string = string> {
  /** The function's name, as called in plans and SQL. */
  readonly name: N;
  /** Whether it is a scalar, aggregate or window function. */
  readonly kind: FunctionKind;
  /** Fewest arguments it takes. */
  readonly minArgs: number;
  /** `null` for variadic. */
  readonly maxArgs: number | null;
  /** Argument classes by position; the last one repeats for variadic functions. */
  readonly args: readonly ArgumentClass[];
  /** How its result type follows from its arguments. */
  readonly returns: ReturnRule;
  /** One-line description for listings and error messages. */
  readonly description: string;
  /**
   * Set on a shared function: every backend lowers it as a call of the
   * engine function of this name (DuckDB and Spark SQL agree on it) with
   * the arguments unchanged, so no backend needs an entry for it.
   */
  readonly sqlName?: string;
}

/** A cataloged function every backend lowers the same way: a call of `sqlName`. */
export interface SharedFunctionSignature<N extends string = string> extends FunctionSignature<N> {
  readonly sqlName: string;
}

interface Arity {
  readonly min?: number;
  readonly max?: number | null;
}

/** A function each backend lowers in its own way (it needs an entry in every backend's table). */
function fn<const N extends string>(
  name: N,
  kind: FunctionKind,
  args: readonly ArgumentClass[],
  returns: ReturnRule,
  description: string,
  arity: Arity = {},
): FunctionSignature<N> {
  return Object.freeze({ name, kind, minArgs: arity.min ?? args.length, maxArgs: arity.max === undefined ? args.length : arity.max, args, returns, description });
}

/** A function every backend lowers to a call of `sqlName` (default: its own name) with the arguments unchanged. */
function shared<const N extends string>(
  name: N,
  kind: FunctionKind,
  args: readonly ArgumentClass[],
  returns: ReturnRule,
  description: string,
  options: Arity & { readonly sqlName?: string } = {},
): SharedFunctionSignature<N> {
  return Object.freeze({ ...fn(name, kind, args, returns, description, options), sqlName: options.sqlName ?? name });
}

/**
 * Every function a portable plan may call. A backend declares which of
 * these it lowers (`Capabilities.functions`); `check` rejects the rest.
 * A `shared` function is lowered once for every backend (see
 * `functionTable`); each `fn` needs an entry in every backend's table.
 */
const CATALOG = [
  // numeric
  shared('abs', 'scalar', ['numeric'], 'same_as_first', 'Absolute value.'),
  shared('round', 'scalar', ['numeric', 'integer_literal'], 'same_as_first', 'Round half away from zero to `digits` decimals (default 0).', { min: 1 }),
  fn('floor', 'scalar', ['numeric'], 'same_as_first', 'Largest integer not greater than the argument.'),
  fn('ceil', 'scalar', ['numeric'], 'same_as_first', 'Smallest integer not less than the argument.'),
  shared('sqrt', 'scalar', ['numeric'], 'float64', 'Square root.'),
  fn('power', 'scalar', ['numeric', 'numeric'], 'float64', 'Base raised to exponent.'),
  shared('ln', 'scalar', ['numeric'], 'float64', 'Natural logarithm.'),
  shared('exp', 'scalar', ['numeric'], 'float64', 'e raised to the argument.'),
  shared('greatest', 'scalar', ['any'], 'same_as_first', 'Largest non-null argument.', { min: 1, max: null }),
  shared('least', 'scalar', ['any'], 'same_as_first', 'Smallest non-null argument.', { min: 1, max: null }),
  // strings
  shared('upper', 'scalar', ['string'], 'utf8', 'Upper case.'),
  shared('lower', 'scalar', ['string'], 'utf8', 'Lower case.'),
  shared('length', 'scalar', ['string'], 'int64', 'Number of characters.'),
  shared('trim', 'scalar', ['string'], 'utf8', 'Strip leading and trailing spaces.'),
  shared('ltrim', 'scalar', ['string'], 'utf8', 'Strip leading spaces.'),
  shared('rtrim', 'scalar', ['string'], 'utf8', 'Strip trailing spaces.'),
  shared('substring', 'scalar', ['string', 'numeric', 'numeric'], 'utf8', '1-based substring of `length` characters (default: to the end).', { min: 2 }),
  fn('concat', 'scalar', ['any'], 'utf8', 'Concatenation; NULL if any argument is NULL.', { min: 1, max: null }),
  shared('replace', 'scalar', ['string', 'string', 'string'], 'utf8', 'Replace every occurrence of a substring.'),
  fn('starts_with', 'scalar', ['string', 'string'], 'bool', 'Whether the string starts with the prefix.'),
  // null handling
  shared('coalesce', 'scalar', ['any'], 'same_as_first', 'First non-null argument.', { min: 1, max: null }),
  shared('nullif', 'scalar', ['any', 'any'], 'same_as_first', 'NULL if both arguments are equal, else the first.'),
  // temporal
  shared('year', 'scalar', ['temporal'], 'int64', 'Year of a date or timestamp.'),
  shared('month', 'scalar', ['temporal'], 'int64', 'Month (1-12).'),
  shared('day', 'scalar', ['temporal'], 'int64', 'Day of month (1-31).'),
  shared('hour', 'scalar', ['temporal'], 'int64', 'Hour (0-23).'),
  fn('date_trunc', 'scalar', ['string_literal', 'temporal'], 'timestamp', "Truncate to 'year', 'month', 'day', 'hour' or 'minute'."),
  fn('to_date', 'scalar', ['temporal'], 'int32', 'Date part of a timestamp (as date32).'),
  // aggregates
  fn('count', 'aggregate', ['any'], 'int64', 'Number of rows (no argument) or of non-null values.', { min: 0 }),
  fn('count_distinct', 'aggregate', ['any'], 'int64', 'Number of distinct non-null values.'),
  shared('sum', 'aggregate', ['numeric'], 'common_numeric', 'Sum of non-null values; NULL for no rows.'),
  shared('avg', 'aggregate', ['numeric'], 'float64', 'Mean of non-null values.'),
  shared('min', 'aggregate', ['any'], 'same_as_first', 'Smallest non-null value.'),
  shared('max', 'aggregate', ['any'], 'same_as_first', 'Largest non-null value.'),
  shared('stddev', 'aggregate', ['numeric'], 'float64', 'Sample standard deviation.', { sqlName: 'stddev_samp' }),
  // window-only
  shared('row_number', 'window', [], 'int64', 'Position of the row in its partition, from 1.'),
  shared('rank', 'window', [], 'int64', 'Rank with gaps.'),
  shared('dense_rank', 'window', [], 'int64', 'Rank without gaps.'),
  shared('lag', 'window', ['any', 'integer_literal'], 'same_as_first', 'Value `offset` rows before (default 1).', { min: 1 }),
  shared('lead', 'window', ['any', 'integer_literal'], 'same_as_first', 'Value `offset` rows after (default 1).', { min: 1 }),
] as const;

/** The name of a cataloged function. */
export type FunctionName = (typeof CATALOG)[number]['name'];

/** The name of a shared function: one every backend lowers as a call of its `sqlName`. */
export type SharedFunctionName = Extract<(typeof CATALOG)[number], {
  /** The engine function the shared function is lowered to. */
  readonly sqlName: string;
}>['name'];

/** Every function a pipeline may call, in a stable order; a backend must lower each one (or mark it unsupported). */
export const FUNCTION_CATALOG: readonly FunctionSignature<FunctionName>[] = Object.freeze(CATALOG);

const BY_NAME: ReadonlyMap<string, FunctionSignature<FunctionName>> = new Map(FUNCTION_CATALOG.map((f) => [f.name, f]));

/** The catalog entry of a function name, or `undefined` when the catalog has no such function. */
export function lookupFunction(name: string): FunctionSignature<FunctionName> | undefined {
  return BY_NAME.get(name);
}

/** Names of every cataloged function, for backends that lower them all. */
export const ALL_FUNCTION_NAMES: readonly FunctionName[] = Object.freeze(FUNCTION_CATALOG.map((f) => f.name));

/**
 * A backend's own function table: an entry for every cataloged function
 * that is not shared, and optionally one for a shared function the backend
 * lowers differently (or, on Spark, only from some server version). Typed
 * this way (`satisfies FunctionTable<…>`), a cataloged function that is
 * neither shared nor in the table fails to compile, naming it.
 */
export type FunctionTable<T> =
  & { readonly [N in Exclude<FunctionName, SharedFunctionName>]: T }
  & { readonly [N in SharedFunctionName]?: T };

/**
 * Every cataloged function's entry, in catalog order: the backend's own
 * entry when it has one, else `lowerShared(sqlName)` for a shared function.
 */
export function functionTable<T>(own: FunctionTable<T>, lowerShared: (sqlName: string) => T): Readonly<Record<FunctionName, T>> {
  const entries: Readonly<Partial<Record<FunctionName, T>>> = own;
  const table = Object.fromEntries(FUNCTION_CATALOG.map((f) => {
    const entry = entries[f.name] ?? (f.sqlName === undefined ? undefined : lowerShared(f.sqlName));
    // Unreachable when `own` is typed: FunctionTable requires every function that is not shared.
    if (entry === undefined) throw new ThundError(ThundErrorCode.Internal, `function "${f.name}" is neither shared nor in the backend's function table`);
    return [f.name, entry];
  }));
  return Object.freeze(table as Record<FunctionName, T>);
}

/** How many arguments a function takes, in words (`exactly 1`, `1 to 3`, `at least 2`), for error messages. */
export function arityLabel(signature: FunctionSignature): string {
  if (signature.maxArgs === null) return `at least ${signature.minArgs}`;
  if (signature.minArgs === signature.maxArgs) return `exactly ${signature.minArgs}`;
  return `${signature.minArgs} to ${signature.maxArgs}`;
}
