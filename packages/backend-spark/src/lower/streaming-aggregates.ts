import type { Expression } from '@thund/ir';
import { type ExprInit, call, cast } from './expr-init.js';
import { ExpressionLowering } from './expression-lowering.js';
import { lowerFunction } from './function-lowering.js';

/**
 * Aggregate expressions of a streaming aggregation. Spark refuses distinct
 * aggregates over a stream ("Distinct aggregations are not supported on
 * streaming DataFrames/Datasets"), so each is lowered to an exact
 * equivalent that Spark's streaming aggregation state can keep:
 *
 * - `count_distinct(x)` → `CAST(size(collect_set(x)) AS BIGINT)`:
 *   `collect_set` skips NULLs as COUNT(DISTINCT x) does, and never returns
 *   NULL (an empty set for no rows, so 0, as COUNT DISTINCT gives).
 *
 * Every other expression lowers as in a batch query.
 */
export class StreamingAggregateLowering extends ExpressionLowering {
  override readonly call = (node: Extract<Expression, { kind: 'call' }>): ExprInit => {
    const args = node.args.map((a) => this.lower(a));
    const rewrite = Object.hasOwn(STREAMING_REWRITES, node.name) ? STREAMING_REWRITES[node.name] : undefined;
    return rewrite === undefined ? lowerFunction(node.name, args, node.args) : rewrite(args);
  };
}

const STREAMING_REWRITES: Readonly<Record<string, (args: readonly ExprInit[]) => ExprInit>> = Object.freeze({
  count_distinct: ([x]: readonly ExprInit[]) => cast(call('size', [call('collect_set', [x as ExprInit])]), 'BIGINT'),
});
