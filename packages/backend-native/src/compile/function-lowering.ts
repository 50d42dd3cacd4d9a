import { type Expression, type FunctionName, type FunctionTable, ThundError, ThundErrorCode, functionTable } from '@thund/ir';

/** Lowers the compiled arguments of one cataloged function to DuckDB SQL. */
type Lowering = (args: readonly string[], nodes: readonly Expression[]) => string;

const plain = (name: string): Lowering => (args) => `${name}(${args.join(', ')})`;

/**
 * floor/ceil keeping the argument's type (the catalog's `same_as_first`):
 * DuckDB's own floor turns an integer into a DOUBLE. With r = x % 1 (exact),
 * x - r is x truncated, one step down (floor) or up (ceil) fixes the sign;
 * NaN and ±Infinity (r is NaN) stay themselves. Spark lowers the same way.
 */
const roundToInteger = (direction: 'floor' | 'ceil'): Lowering => ([x]) => {
  const r = `((${x}) % 1)`;
  const step = direction === 'floor' ? `WHEN ${r} < 0 THEN (${x}) - ${r} - 1` : `WHEN ${r} > 0 THEN (${x}) - ${r} + 1`;
  return `(CASE WHEN isnan(${r}) THEN (${x}) ${step} ELSE (${x}) - ${r} END)`;
};

const DATE_TRUNC_UNITS = new Set(['year', 'month', 'day', 'hour', 'minute']);

/**
 * The DuckDB form of each cataloged function that is not shared (and of
 * none of the shared ones, which are calls of their `sqlName` here as on
 * every backend). A cataloged function missing here and not shared fails
 * to compile.
 */
const NATIVE_FUNCTIONS = {
  floor: roundToInteger('floor'),
  ceil: roundToInteger('ceil'),
  power: plain('pow'),
  // DuckDB's concat() skips NULLs; the catalog's concat is NULL when any argument is, like `||`.
  concat: (args) => `(${args.map((a) => `CAST(${a} AS VARCHAR)`).join(' || ')})`,
  starts_with: plain('starts_with'),
  date_trunc: (args, nodes) => {
    const unit = nodes[0];
    if (unit?.kind !== 'literal' || typeof unit.value !== 'string' || !DATE_TRUNC_UNITS.has(unit.value)) {
      throw new ThundError(ThundErrorCode.Validation, `date_trunc needs a unit literal, one of ${[...DATE_TRUNC_UNITS].join(', ')}`);
    }
    return `CAST(date_trunc(${args[0]}, ${args[1]}) AS TIMESTAMP)`;
  },
  to_date: (args) => `CAST(${args[0]} AS DATE)`,
  // A start of 0 is the first character, as in Spark (DuckDB would start before it, one character short).
  substring: ([text, start, length]) => `substring(${text}, (CASE WHEN ${start} = 0 THEN 1 ELSE ${start} END)${length === undefined ? '' : `, ${length}`})`,
  count: (args) => (args.length === 0 ? 'count(*)' : `count(${args.join(', ')})`),
  count_distinct: (args) => `count(DISTINCT ${args[0]})`,
} satisfies FunctionTable<Lowering>;

/**
 * Every function of FUNCTION_CATALOG and its DuckDB form, in catalog order.
 * The capability list is derived from this table, so a function is
 * advertised exactly when it is lowered here.
 */
export const FUNCTION_LOWERING: { readonly [N in FunctionName]: Lowering } = functionTable<Lowering>(NATIVE_FUNCTIONS, plain);

/** Names of the functions this backend lowers. */
export const LOWERED_FUNCTIONS: readonly FunctionName[] = Object.freeze(Object.keys(FUNCTION_LOWERING) as FunctionName[]);

export function lowerFunction(name: string, args: readonly string[], nodes: readonly Expression[]): string {
  const lowering = Object.hasOwn(FUNCTION_LOWERING, name) ? FUNCTION_LOWERING[name as FunctionName] : undefined;
  if (lowering === undefined) {
    throw new ThundError(ThundErrorCode.Unsupported, `function "${name}" has no DuckDB lowering`, { backend: 'native' });
  }
  return lowering(args, nodes);
}
