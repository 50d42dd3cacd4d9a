import { type AggregateNode, type Duration, type Flow, type RelationNode, ThundError, ThundErrorCode, type WindowSpec, durationToMs, outputName } from '@thund/ir';
import type { RelationInit } from '../connect/session.js';
import { replaceColumns } from './lazy-columns.js';
import { Aggregate_GroupType } from '../gen/spark/connect/relations_pb.js';
import { type ExprInit, alias, attribute, call, cast, literalInt, literalString } from './expr-init.js';
import type { ExpressionLowering } from './expression-lowering.js';
import { quoteIdentifier as quoted } from './spark-types.js';
import type { RelationLowering } from './relation-lowering.js';
import { StreamingAggregateLowering } from './streaming-aggregates.js';

const SESSION_KEY = '__thund_session_key';
const WINDOW = '__thund_window';
const WATERMARKED = '__thund_watermarked';

/** A Duration as a Spark interval string (`10s` → `10000 milliseconds`). */
export function sparkInterval(duration: Duration): string {
  const ms = durationToMs(duration);
  if (ms === undefined) throw new ThundError(ThundErrorCode.Validation, `"${duration}" is not a duration`, { backend: 'spark' });
  return `${ms} milliseconds`;
}

/**
 * `input` with a watermark on `column`, resolved lazily, with the rest of
 * the flow. Spark Connect's `WithWatermark` relation resolves its input
 * when it is received: inside a dataflow graph a read of a graph table
 * then fails (TABLE_OR_VIEW_NOT_FOUND on the first run) or binds the
 * catalog's table of the previous run, and SDP loses the flow's dependency
 * on it. A SQL relation with Spark's `WATERMARK … DELAY OF` clause over the
 * input passed as a reference (`WithRelations`) stays unresolved until SDP
 * analyzes the flow in its graph, where the read resolves to the graph's
 * table (checked on Spark 4.3: examples/clickstream).
 */
export function lazyWatermark(input: RelationInit, column: string, delay: Duration): RelationInit {
  const ms = durationToMs(delay);
  if (ms === undefined) throw new ThundError(ThundErrorCode.Validation, `"${delay}" is not a duration`, { backend: 'spark' });
  const query = `SELECT * FROM ${WATERMARKED} WATERMARK ${quoted(column)} DELAY OF INTERVAL ${ms} MILLISECONDS AS ${WATERMARKED}`;
  return {
    relType: {
      case: 'withRelations',
      value: { root: { relType: { case: 'sql', value: { query } } }, references: [{ relType: { case: 'subqueryAlias', value: { input, alias: WATERMARKED } } }] },
    },
  };
}

/** A flow Spark cannot run as written, and why. */
export function unsupported(flow: Flow, why: string): ThundError {
  return new ThundError(ThundErrorCode.Unsupported, `flow "${flow.name}": ${why}`, { backend: 'spark', element: { kind: 'flow', name: flow.name } });
}

/**
 * A windowed streaming aggregation in Spark's own terms: the aggregation's
 * input gets the flow's watermark (`lazyWatermark`), the aggregation is
 * grouped by `window(...)` or `session_window(...)` over the window column
 * as well as its own keys, and the window struct becomes `window_start` and
 * `window_end`. SDP writes streaming tables in append mode, so a window is
 * written once, when the watermark passes its end — the IR's `append`.
 *
 * Returns undefined for a flow without watermark and window. Spark applies a
 * watermark only to stateful operators, so a watermark on any other query
 * (native drops late rows of a stateless flow too) is refused, as is an
 * aggregation without a window (Spark's append mode needs one).
 */
export function lowerEventTimeFlow(flow: Flow, lowering: RelationLowering): RelationInit | undefined {
  const { watermark, window } = flow;
  if (watermark === undefined && window === undefined) return undefined;
  if (watermark === undefined || window === undefined) {
    throw unsupported(flow, 'Spark applies a watermark only to a windowed aggregation: give the flow both a watermark and a window, or neither');
  }
  const query: RelationNode = flow.query;
  if (query.kind !== 'aggregate') {
    throw unsupported(flow, `a windowed flow on Spark must end in its aggregation (group by … agg …), not in a ${query.kind}`);
  }
  const column = window.column ?? watermark.column;
  const input = lazyWatermark(withEventTimeColumns(lowering.lower(query.input), [watermark.column, column]), watermark.column, watermark.delay);
  // Distinct aggregates become their streaming equivalents (streaming-aggregates.ts).
  return windowedAggregation(window, column, query, input, new StreamingAggregateLowering());
}

/**
 * `input` with its event-time columns cast to TIMESTAMP. Spark's watermarks
 * and windows need TIMESTAMP (with local time zone); the IR's bare
 * timestamp is TIMESTAMP_NTZ. The graph's session time zone is UTC
 * (GRAPH_SQL_CONF), so the cast keeps the instant the naive value names.
 */
export function withEventTimeColumns(input: RelationInit, columns: readonly string[]): RelationInit {
  return replaceColumns(input, [...new Set(columns)].map((c) => ({ name: c, expr: cast(attribute(quoted(c)), 'TIMESTAMP') })));
}

/**
 * The flow's aggregation grouped by `window(...)`/`session_window(...)` over
 * `column` (TIMESTAMP) as well as its own keys, the window struct projected
 * to `window_start`/`window_end` (TIMESTAMP_NTZ), then the aggregation's
 * outputs and `extra` aggregates (by name) after them. A window of
 * `undefined` is the plain aggregation.
 */
export function windowedAggregation(
  window: WindowSpec | undefined, column: string | undefined, query: AggregateNode, input: RelationInit, expressions: ExpressionLowering,
  extra: readonly { readonly name: string; readonly expr: ExprInit }[] = [],
): RelationInit {
  const windowCall = window === undefined || column === undefined
    ? undefined
    : window.kind === 'session'
      ? call('session_window', [attribute(quoted(column)), literalString(sparkInterval(window.gap))])
      : call('window', [attribute(quoted(column)), literalString(sparkInterval(window.size)), ...(window.kind === 'hopping' ? [literalString(sparkInterval(window.slide))] : [])]);
  const aggregated: RelationInit = {
    relType: {
      case: 'aggregate',
      value: {
        input,
        groupType: Aggregate_GroupType.GROUPBY,
        groupingExpressions: [
          ...(windowCall === undefined ? [] : [alias(windowCall, WINDOW)]),
          // Spark refuses a session window as the only grouping of a streaming query ("global aggregation with
          // session window"): a key that is 0 for every row makes it a grouped one with the same groups. It must
          // not be a literal (the optimizer drops constant keys); it is not projected.
          ...(window?.kind === 'session' && query.groupBy.length === 0 && column !== undefined
            ? [alias(call('*', [call('hash', [attribute(quoted(column))]), literalInt(0)]), SESSION_KEY)]
            : []),
          ...query.groupBy.map((c) => expressions.lowerOutput(c)),
        ],
        aggregateExpressions: [...query.aggregates.map((c) => expressions.lowerOutput(c)), ...extra.map((e) => alias(e.expr, e.name))],
      },
    },
  };
  // Validation gives every output of an aggregation a name (unnamed_column otherwise).
  const names = [...[...query.groupBy, ...query.aggregates].map((c) => outputName(c) ?? ''), ...extra.map((e) => e.name)];
  return {
    relType: {
      case: 'project',
      value: {
        input: aggregated,
        expressions: [
          ...(windowCall === undefined ? [] : [
            alias(cast(attribute(`${WINDOW}.start`), 'TIMESTAMP_NTZ'), 'window_start'),
            alias(cast(attribute(`${WINDOW}.end`), 'TIMESTAMP_NTZ'), 'window_end'),
          ]),
          ...names.map((name) => attribute(quoted(name))),
        ],
      },
    },
  };
}
