import { type FunctionName, type FunctionTable, type Expression as IrExpression, ThundError, ThundErrorCode, functionTable } from '@thund/ir';
import type { ExprInit } from './expr-init.js';
import { cast } from './expr-init.js';
import { SPARK_AGGREGATES } from './functions/aggregates.js';
import { SPARK_DATE_TIME } from './functions/date-time.js';
import { SPARK_MATH } from './functions/math.js';
import { SPARK_NESTED } from './functions/nested.js';
import { type SparkFunction, same } from './functions/spark-function.js';
import { SPARK_STRINGS } from './functions/strings.js';
import { SPARK_CONDITIONAL } from './functions/conditional.js';

export type { SparkFunction } from './functions/spark-function.js';

/**
 * The Spark form of each cataloged function that is not shared, and of the
 * shared ones Spark has only from a later version (shared functions are
 * calls of their `sqlName`, here as on every backend, since Spark 3.0), one
 * file per family under `functions/`. The catalog describes Spark's
 * functions, so most are Spark's own. A cataloged function missing here and
 * not shared fails to compile.
 */
const SPARK_ONLY = {
  ...SPARK_MATH,
  ...SPARK_STRINGS,
  ...SPARK_CONDITIONAL,
  ...SPARK_DATE_TIME,
  ...SPARK_AGGREGATES,
  ...SPARK_NESTED,
} satisfies FunctionTable<SparkFunction>;

/** The cataloged functions Spark lowers its own way (every other one is Spark's function of its catalog name, arguments unchanged). */
export const SPARK_OWN_LOWERINGS: ReadonlySet<string> = new Set(Object.keys(SPARK_ONLY));

/**
 * Every function of FUNCTION_CATALOG and its Spark form, in catalog order.
 * The capability list is derived from this table and the server's version,
 * so a function Spark lacks is simply absent and `check` rejects it.
 */
export const SPARK_FUNCTIONS: { readonly [N in FunctionName]: SparkFunction } = functionTable<SparkFunction>(SPARK_ONLY, (name) => same(name));

function atLeast(version: string, since: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map((p) => Number.parseInt(p, 10));
  const [sinceMajor = 0, sinceMinor = 0] = since.split('.').map((p) => Number.parseInt(p, 10));
  return major > sinceMajor || (major === sinceMajor && minor >= sinceMinor);
}

/** Names of the cataloged functions a Spark server of `version` runs. */
export function sparkFunctionsFor(version: string): readonly FunctionName[] {
  return (Object.entries(SPARK_FUNCTIONS) as [FunctionName, SparkFunction][]).filter(([, f]) => atLeast(version, f.since)).map(([name]) => name);
}

export function lowerFunction(name: string, args: readonly ExprInit[], nodes: readonly IrExpression[]): ExprInit {
  return sparkFunction(name).lower(args, nodes);
}

/** A function's lowered call, or window expression, cast to the catalog's result type where Spark's differs. */
export function withResultType(name: string, lowered: ExprInit): ExprInit {
  const { resultType } = sparkFunction(name);
  return resultType === undefined ? lowered : cast(lowered, resultType);
}

function sparkFunction(name: string): SparkFunction {
  const fn = Object.hasOwn(SPARK_FUNCTIONS, name) ? SPARK_FUNCTIONS[name as FunctionName] : undefined;
  if (fn === undefined) throw new ThundError(ThundErrorCode.Unsupported, `function "${name}" has no Spark lowering`, { backend: 'spark' });
  return fn;
}
