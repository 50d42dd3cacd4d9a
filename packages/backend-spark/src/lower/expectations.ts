import type { Expectation, Flow } from '@thund/ir';
import { Aggregate_GroupType } from '../gen/spark/connect/relations_pb.js';
import type { RelationInit } from '../connect/session.js';
import { type ExprInit, alias, call, literalBool, literalInt, literalString } from './expr-init.js';
import type { ExpressionLowering } from './expression-lowering.js';
import { TOTAL_COUNT_COLUMN, failedCountColumn } from '../signals/expectation-count-columns.js';
import { expectationMarker } from '../signals/expectation-marker.js';

/**
 * Expectations on OSS Spark, where SDP has none: lowered into the flow's
 * plan as one Filter over the flow's result.
 *
 * - `fail`: `CASE WHEN NOT coalesce(p, false) THEN raise_error('…') …` — the
 *   first failing row raises USER_RAISED_EXCEPTION with a message naming
 *   the expectation (`expectationMarker`, which the run reads back).
 * - `drop`: the ELSE branch keeps a row only if `coalesce(p, false)` holds
 *   for every drop expectation.
 * - `warn`: not in the filter; rows are kept.
 *
 * One CASE (not separate conjuncts) fixes the evaluation order, so a row
 * that fails a `fail` expectation raises even if a `drop` one rejects it.
 * Pass/fail counts come from `expectationCounts`, queried as the flow
 * completes, or for a plain streaming flow from `observeExpectations`.
 */
export function applyExpectations(relation: RelationInit, flow: Flow, lowering: ExpressionLowering): RelationInit {
  const expectations = flow.expectations ?? [];
  const fails = expectations.filter((e) => e.action === 'fail');
  const drops = expectations.filter((e) => e.action === 'drop');
  if (fails.length === 0 && drops.length === 0) return relation;
  const keep = drops.length === 0
    ? literalBool(true)
    : drops.map((e) => holds(e, lowering)).reduce((a, b) => call('and', [a, b]));
  const condition = fails.length === 0
    ? keep
    : call('when', [
      ...fails.flatMap((e) => [call('not', [holds(e, lowering)]), call('raise_error', [literalString(expectationMarker.format({ expectation: e.name, flow: flow.name }))])]),
      keep,
    ]);
  return { relType: { case: 'filter', value: { input: relation, condition } } };
}

/** `coalesce(predicate, false)`: a NULL result counts as a failure. */
function holds(expectation: Expectation, lowering: ExpressionLowering): ExprInit {
  return call('coalesce', [lowering.lower(expectation.predicate), literalBool(false)]);
}

/**
 * `SELECT count(1), count_if(NOT coalesce(p1, false)), …` over the flow's
 * result before expectations: one scan gives every expectation's counts.
 */
export function expectationCounts(source: RelationInit, expectations: readonly Expectation[], lowering: ExpressionLowering): RelationInit {
  return {
    relType: {
      case: 'aggregate',
      value: { input: source, groupType: Aggregate_GroupType.GROUPBY, aggregateExpressions: countExpressions(expectations, lowering) },
    },
  };
}

/**
 * A plain streaming flow's relation observed (Spark's CollectMetrics) with
 * the expectation counts: each micro-batch's progress carries them under
 * `observationName(flow)`, so the run's counts are the sum over its
 * batches, with no query over the source (`run/observed-counts.ts`).
 */
export function observeExpectations(relation: RelationInit, flow: Flow, lowering: ExpressionLowering): RelationInit {
  const metrics = countExpressions(flow.expectations ?? [], lowering);
  return { relType: { case: 'collectMetrics', value: { input: relation, name: observationName(flow.name), metrics } } };
}

/**
 * Whether a flow's expectations are counted from observed metrics: a
 * streaming flow (not append-once, staged and counted apart; not a windowed
 * or update/complete aggregation, whose rows come out of state) with
 * expectations.
 */
export function observesExpectations(flow: Flow): boolean {
  return flow.kind === 'streaming' && (flow.expectations ?? []).length > 0 && flow.window === undefined && flow.watermark === undefined
    && (flow.outputMode === undefined || flow.outputMode === 'append');
}

/** The name a flow's expectation counts are observed under. */
export function observationName(flow: string): string {
  return `thund_expectations_${flow}`;
}

/** `count(1) AS __total`, then `count_if(NOT coalesce(p, false)) AS __failed_<i>` per expectation (`expectation-count-columns.ts`). */
function countExpressions(expectations: readonly Expectation[], lowering: ExpressionLowering): ExprInit[] {
  return [
    alias(call('count', [literalInt(1)]), TOTAL_COUNT_COLUMN),
    ...expectations.map((e, i) => alias(call('count_if', [call('not', [holds(e, lowering)])]), failedCountColumn.format(i))),
  ];
}
