import { type AggregateNode, type Flow, durationToMs } from '@thund/ir';
import type { RelationInit } from '../connect/session.js';
import { appendColumns } from './lazy-columns.js';
import { type ExprInit, alias, attribute, call, literalLong } from './expr-init.js';
import { unsupported, windowedAggregation, withEventTimeColumns } from './event-time.js';
import type { RelationLowering } from './relation-lowering.js';
import { quoteIdentifier as quoted } from './spark-types.js';

/** Column of an arrivals table: the micro-batch that brought the row (Spark's batch timestamp). */
const ARRIVAL = '__thund_arrival';
/** The largest event time of every earlier micro-batch, per micro-batch. */
const SEEN = '__thund_seen';
/** The newest arrival of a group (micros since the epoch). */
const LAST = '__thund_last_arrival';
const ARRIVED = '__thund_arrived';

/** Whether a flow's output mode makes Spark recompute its target (SDP's streaming tables append only). */
export function isRecomputedAggregation(flow: Flow): boolean {
  return flow.kind === 'streaming' && (flow.outputMode === 'update' || flow.outputMode === 'complete');
}

/** The hidden streaming table that keeps the input rows of `target`'s update/complete flow. */
export function arrivalsTable(target: string): string {
  return `__thund_arrivals_${target}`;
}

/** The SDP flow that appends to `arrivalsTable(flow.target)`. */
export function arrivalsFlow(flow: Flow): string {
  return `__thund_arrivals_${flow.name}`;
}

/** The two relations an update/complete flow becomes on Spark. */
export interface RecomputedAggregation {
  /** Streaming: the aggregation's input rows, each with the micro-batch that brought it. */
  readonly arrivals: RelationInit;
  /** Batch, for a materialized view: the aggregation over every row that arrived on time. */
  readonly result: RelationInit;
}

/**
 * A streaming aggregation in `update` or `complete` output mode. SDP writes
 * streaming tables in append mode only, so the target is a materialized
 * view recomputed each run from a hidden streaming table of the
 * aggregation's input rows (`arrivalsTable`), each stamped with the
 * micro-batch that brought it (`current_timestamp()`, which Spark fixes
 * per micro-batch). Late rows are judged as native judges them: a row is
 * late when its event time is NULL or older than the largest event time of
 * every earlier micro-batch minus the watermark delay. The result is the
 * aggregation over every on-time row, which is what both modes leave in
 * the target (update keeps each group's latest value, complete rewrites
 * them all). The cost is a scan of every arrival per run (see README).
 */
export function lowerRecomputedAggregation(flow: Flow, streaming: RelationLowering, batch: RelationLowering, readArrivals: RelationInit): RecomputedAggregation {
  const { query, column } = aggregationOf(flow);
  const timeColumns = [flow.watermark?.column, column].filter((c) => c !== undefined);
  const arrivals = appendColumns(withEventTimeColumns(streaming.lower(query.input), timeColumns), [{ name: ARRIVAL, expr: call('current_timestamp', []) }]);
  return { arrivals, result: windowedAggregation(flow.window, column, query, onTimeRows(flow, readArrivals, column), batch.expressions) };
}

/** The flow's aggregation and its event-time column (the window's, else the watermark's), or why Spark cannot run it. */
function aggregationOf(flow: Flow): { readonly query: AggregateNode; readonly column: string | undefined } {
  const query = flow.query;
  if (query.kind !== 'aggregate') {
    throw unsupported(flow, `outputMode "${flow.outputMode ?? 'append'}" is for a streaming aggregation: the flow's query must end in its aggregation (group by … agg …), not in a ${query.kind}`);
  }
  const column = flow.window?.column ?? flow.watermark?.column;
  if (flow.window !== undefined && column === undefined) throw unsupported(flow, 'a window needs a column: set window.column or give the flow a watermark');
  return { query, column };
}

/** The newest arrival of the rows aggregated, as micros since the epoch. */
const newestArrival = (): ExprInit => call('max', [call('unix_micros', [attribute(ARRIVAL)])]);

/** The newest arrival in an arrivals table, as micros since the epoch (NULL when empty). */
export function lastArrival(readArrivals: RelationInit): RelationInit {
  return { relType: { case: 'aggregate', value: { input: readArrivals, groupType: 1, aggregateExpressions: [alias(newestArrival(), LAST)] } } };
}

/**
 * The groups of the result an arrival after `afterMicros` changed (all of
 * them when `afterMicros` is undefined): what native's update mode writes
 * in a run whose micro-batches came after it — each changed group once.
 */
export function changedGroups(flow: Flow, batch: RelationLowering, readArrivals: RelationInit, afterMicros: number | undefined): RelationInit {
  const { query, column } = aggregationOf(flow);
  const groups = windowedAggregation(flow.window, column, query, onTimeRows(flow, readArrivals, column), batch.expressions, [{ name: LAST, expr: newestArrival() }]);
  if (afterMicros === undefined) return groups;
  return { relType: { case: 'filter', value: { input: groups, condition: call('>', [attribute(LAST), literalLong(afterMicros)]) } } };
}

/**
 * The arrived rows that were on time when they arrived, as SQL over the
 * arrivals passed as a reference (resolved lazily, in the graph; see
 * `lazyWatermark`). Without a watermark every row is kept (but a windowed
 * row needs an event time).
 */
function onTimeRows(flow: Flow, readArrivals: RelationInit, windowColumn: string | undefined): RelationInit {
  const watermark = flow.watermark;
  const conditions: string[] = [];
  if (windowColumn !== undefined) conditions.push(`a.${quoted(windowColumn)} IS NOT NULL`);
  let query: string;
  if (watermark === undefined) {
    query = `SELECT a.* FROM ${ARRIVED} a${conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`}`;
  } else {
    const ms = durationToMs(watermark.delay);
    if (ms === undefined) throw unsupported(flow, `"${watermark.delay}" is not a duration`);
    const time = quoted(watermark.column);
    conditions.push(`a.${time} IS NOT NULL`, `(m.${SEEN} IS NULL OR a.${time} >= m.${SEEN} - INTERVAL ${ms} MILLISECONDS)`);
    query = [
      `SELECT a.* FROM ${ARRIVED} a JOIN (`,
      `SELECT ${ARRIVAL}, max(max(${time})) OVER (ORDER BY ${ARRIVAL} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS ${SEEN}`,
      `FROM ${ARRIVED} GROUP BY ${ARRIVAL}) m ON a.${ARRIVAL} = m.${ARRIVAL}`,
      `WHERE ${conditions.join(' AND ')}`,
    ].join(' ');
  }
  return {
    relType: {
      case: 'withRelations',
      value: {
        root: { relType: { case: 'sql', value: { query } } },
        references: [{ relType: { case: 'subqueryAlias', value: { input: readArrivals, alias: ARRIVED } } }],
      },
    },
  };
}
