import { type FunctionName, type FunctionTable, type Expression as IrExpression, ThundError, ThundErrorCode, functionTable } from '@thund/ir';
import type { ExprInit } from './expr-init.js';
import { call, cast, literalInt, stringLiteralOf } from './expr-init.js';

/** Lowers the lowered arguments of one cataloged function to a Spark Connect expression. */
export type FunctionLowering = (args: readonly ExprInit[], nodes: readonly IrExpression[]) => ExprInit;

/** How one cataloged function maps to Spark, and the first Spark version that has it. */
export interface SparkFunction {
  /** Builds the Spark Connect expression of a call from its lowered arguments (and their IR nodes). */
  readonly lower: FunctionLowering;
  /** `major.minor`; the function is advertised only on servers at least this new. */
  readonly since: string;
  /**
   * The Spark type the result is cast to, where Spark's own result type is
   * not the catalog's (its year or row_number are INT, the catalog's int64;
   * its date_trunc a TIMESTAMP with the session's zone, the catalog's has none).
   */
  readonly resultType?: string;
}

const same = (name: string, since = '3.0'): SparkFunction => ({ since, lower: (args) => call(name, args) });
const as = (lower: FunctionLowering, since = '3.0'): SparkFunction => ({ since, lower });
/** A function Spark has under the same name, whose result is cast to the catalog's type. */
const castTo = (resultType: string, name: string, since = '3.0'): SparkFunction => ({ ...same(name, since), resultType });

/**
 * floor/ceil keeping the argument's type, as the catalog (and DuckDB) define
 * them. Spark's own floor/ceil return BIGINT, which overflows (an ANSI error)
 * beyond ±9.2e18 and prints doubles as integers. With r = x % 1 (exact in
 * IEEE arithmetic), x - r is x truncated; one step down (floor) or up (ceil)
 * corrects the sign. NaN and ±Infinity (r is NaN) stay themselves.
 */
function roundToInteger(x: ExprInit, direction: 'floor' | 'ceil'): ExprInit {
  const r = call('%', [x, literalInt(1)]);
  const truncated = call('-', [x, r]);
  const needsStep = direction === 'floor' ? call('<', [r, literalInt(0)]) : call('>', [r, literalInt(0)]);
  const stepped = call(direction === 'floor' ? '-' : '+', [truncated, literalInt(1)]);
  return call('when', [call('isnan', [r]), x, needsStep, stepped, truncated]);
}

const DATE_TRUNC_UNITS = new Set(['year', 'month', 'day', 'hour', 'minute']);

/**
 * The Spark form of each cataloged function that is not shared, and of the
 * shared ones Spark has only from a later version (shared functions are
 * calls of their `sqlName`, here as on every backend, since Spark 3.0). A
 * cataloged function missing here and not shared fails to compile.
 */
const SPARK_ONLY = {
  floor: as(([x]) => roundToInteger(x as ExprInit, 'floor')),
  ceil: as(([x]) => roundToInteger(x as ExprInit, 'ceil')),
  power: same('power'),
  // Spark's concat is NULL when any argument is, like the catalog's; arguments are cast to strings as on every backend.
  concat: as((args) => call('concat', args.map((a) => cast(a, 'STRING')))),
  starts_with: same('startswith', '3.3'),
  year: castTo('BIGINT', 'year'),
  month: castTo('BIGINT', 'month'),
  day: castTo('BIGINT', 'day', '3.4'),
  hour: castTo('BIGINT', 'hour'),
  length: castTo('BIGINT', 'length'),
  row_number: castTo('BIGINT', 'row_number'),
  rank: castTo('BIGINT', 'rank'),
  dense_rank: castTo('BIGINT', 'dense_rank'),
  date_trunc: {
    since: '3.0',
    resultType: 'TIMESTAMP_NTZ',
    lower: (args, nodes) => {
      const unit = stringLiteralOf(nodes[0]);
      if (unit === undefined || !DATE_TRUNC_UNITS.has(unit)) {
        throw new ThundError(ThundErrorCode.Validation, `date_trunc needs a unit literal, one of ${[...DATE_TRUNC_UNITS].join(', ')}`, { backend: 'spark' });
      }
      return call('date_trunc', args);
    },
  },
  to_date: same('to_date'),
  // The catalog's avg is a double on every backend; Spark keeps a decimal argument's type, so it averages the doubles
  // (integers are averaged as doubles by Spark anyway). Cast inside, so the call stays an aggregate for windows too.
  avg: as((args) => call('avg', args.map((a) => cast(a, 'DOUBLE')))),
  count: as((args) => call('count', args.length === 0 ? [literalInt(1)] : args)),
  count_distinct: as((args) => call('count', args, { distinct: true })),
} satisfies FunctionTable<SparkFunction>;

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
