import { type DataType, type Expression, type FunctionName, type FunctionTable, ThundError, ThundErrorCode, functionTable } from '@thund/ir';
import { NATIVE_AGGREGATES } from './functions/aggregates.js';
import { NATIVE_CONDITIONAL } from './functions/conditional.js';
import { NATIVE_DATE_TIME } from './functions/date-time.js';
import { type Lowering, plain } from './functions/lowering.js';
import { NATIVE_MATH } from './functions/math.js';
import { NATIVE_NESTED } from './functions/nested.js';
import { NATIVE_STRINGS } from './functions/strings.js';
import { NATIVE_WINDOW_RESULT_TYPES } from './functions/windows.js';

/**
 * The DuckDB form of each cataloged function that is not shared, and of
 * the shared ones whose Spark semantics DuckDB's function of that name
 * does not have (one file per family under `functions/`). A cataloged
 * function missing here and not shared fails to compile.
 */
const NATIVE_FUNCTIONS = {
  ...NATIVE_MATH,
  ...NATIVE_STRINGS,
  ...NATIVE_CONDITIONAL,
  ...NATIVE_DATE_TIME,
  ...NATIVE_AGGREGATES,
  ...NATIVE_NESTED,
} satisfies FunctionTable<Lowering>;

/**
 * Every function of FUNCTION_CATALOG and its DuckDB form, in catalog order.
 * The capability list is derived from this table, so a function is
 * advertised exactly when it is lowered here.
 */
export const FUNCTION_LOWERING: { readonly [N in FunctionName]: Lowering } = functionTable<Lowering>(NATIVE_FUNCTIONS, plain);

/** Names of the functions this backend lowers. */
export const LOWERED_FUNCTIONS: readonly FunctionName[] = Object.freeze(Object.keys(FUNCTION_LOWERING) as FunctionName[]);

/**
 * The DuckDB SQL of a call of a cataloged function, given its compiled
 * arguments, their nodes and (where the pipeline tells them) their types.
 */
export function lowerFunction(name: string, args: readonly string[], nodes: readonly Expression[], types: readonly (DataType | undefined)[] = []): string {
  const lowering = Object.hasOwn(FUNCTION_LOWERING, name) ? FUNCTION_LOWERING[name as FunctionName] : undefined;
  if (lowering === undefined) {
    throw new ThundError(ThundErrorCode.Unsupported, `function "${name}" has no DuckDB lowering`, { backend: 'native' });
  }
  return lowering(args, nodes, types);
}

/** The DuckDB type a window function's whole window expression is cast to, where DuckDB's own result type is not Spark's. */
export function windowResultType(name: string): string | undefined {
  return NATIVE_WINDOW_RESULT_TYPES[name];
}
