import { type AggregateNode, type ElementRef, type Flow, type RelationNode, type WindowSpec, durationToMs } from '@thund/ir';
import { quoteIdentifier } from '../compile/sql-text.js';
import type { FlowSession } from '../run/flow-session.js';
import { stateTable } from './checkpoint-store.js';
import { advanceWatermark, eventTimeUs, onTime, timestampOfUs } from './event-time.js';
import type { DecomposedAggregation } from './partial-aggregates.js';
import type { EpochInput, EpochOutcome, StreamOperator } from './stream-operator.js';
import type { StreamOutput } from './stream-output.js';
import { assignWindows } from './window-assign.js';
import { EPOCH_STATE_COLUMN, finality, windowResult } from './window-emit.js';

const PART = '"__thund_part"';
const q = quoteIdentifier;

/**
 * A streaming aggregation whose functions decompose (count, sum, min, max,
 * avg) over tumbling or hopping windows, or none: each micro-batch is
 * reduced in one pass to partial aggregates per window and group, which
 * are the state (one row per window, group and epoch); results merge the
 * partials. Input rows are never stored, so the cost per micro-batch is
 * one scan of its new files plus work proportional to the open windows.
 * Output modes behave exactly as in `WindowOperator`.
 */
export class PartialWindowOperator implements StreamOperator {
  readonly input: RelationNode;
  readonly #flow: Flow;
  readonly #parts: DecomposedAggregation;
  readonly #output: StreamOutput;
  readonly #element: ElementRef;
  #stateReady = false;

  constructor(flow: Flow, aggregate: AggregateNode, parts: DecomposedAggregation, output: StreamOutput) {
    this.#flow = flow;
    this.input = aggregate.input;
    this.#parts = parts;
    this.#output = output;
    this.#element = { kind: 'flow', name: flow.name };
  }

  /** True for the windows this operator handles: sessions need their rows (they merge). */
  static handles(window: WindowSpec | undefined): boolean {
    return window === undefined || window.kind !== 'session';
  }

  async apply(session: FlowSession, input: EpochInput): Promise<EpochOutcome> {
    const flow = this.#flow;
    const windowColumn = flow.window === undefined ? undefined : (flow.window.column ?? flow.watermark?.column);
    const state = stateTable(flow, 'part');
    const keepParts: string[] = [];
    if (flow.watermark !== undefined) keepParts.push(onTime(flow.watermark.column, input.watermarkUs));
    if (windowColumn !== undefined) keepParts.push(`${eventTimeUs(windowColumn)} IS NOT NULL`);
    const keep = keepParts.length === 0 ? 'TRUE' : keepParts.join(' AND ');
    const keys = this.#parts.keys.map(([column, sql]) => `${sql} AS ${q(column)}`);
    const partials = this.#parts.aggregates.flatMap((a) => a.partials.map(([column, sql]) => `${sql} AS ${q(column)}`));
    // Each row counts once in the row statistics, in its latest window (a hopping row is in several).
    const primary = flow.window?.kind === 'hopping' ? hoppingPrimary(flow.window) : 'TRUE';
    const max = flow.watermark === undefined ? 'CAST(NULL AS BIGINT)' : `max(${eventTimeUs(flow.watermark.column)})`;
    const assigned = assignWindows(`(${input.compile(this.input)}) AS "_src"`, flow.window, windowColumn, this.#parts.keys.map(([, sql]) => sql), this.#element, false);
    const columns = ['"__ws"', '"__we"', ...this.#parts.keys.map(([c]) => q(c)), ...this.#parts.aggregates.flatMap((a) => a.partials.map(([c]) => q(c)))];
    // One round trip: reduce the micro-batch to partials, add the on-time ones to the state, read the row statistics.
    const statements = [
      `CREATE OR REPLACE TEMP TABLE ${PART} AS SELECT (${keep}) AS "__ok", "__ws", "__we", ${[...keys, ...partials].join(', ')}, count(*) FILTER (WHERE ${primary}) AS "__n", ${max} AS "__mx" FROM (${assigned}) AS "_a" GROUP BY ALL`,
      ...(this.#stateReady ? [] : [`CREATE TABLE IF NOT EXISTS ${state} AS SELECT ${columns.join(', ')}, CAST(0 AS BIGINT) AS ${EPOCH_STATE_COLUMN} FROM ${PART} WITH NO DATA`]),
      `INSERT INTO ${state} SELECT ${columns.join(', ')}, ${input.epoch} FROM ${PART} WHERE "__ok"`,
      `SELECT coalesce(sum("__n"), 0) AS n, coalesce(sum("__n") FILTER (WHERE "__ok"), 0) AS ok, max("__mx") AS mx FROM ${PART}`,
    ];
    const [stats] = await session.rowsJson(statements.join(';\n'));
    this.#stateReady = true;
    const rowsRead = Number(stats?.['n'] ?? 0);
    const accepted = Number(stats?.['ok'] ?? 0);
    const maxUs = stats?.['mx'] === null || stats?.['mx'] === undefined ? undefined : Number(stats['mx']);
    const watermarkUs = advanceWatermark(input.watermarkUs, maxUs, flow.watermark, this.#element);

    const when = finality(flow.window !== undefined, input.watermarkUs, watermarkUs);
    const groupNames = this.#parts.keys.map(([, , name]) => name);
    const { query, mode } = await windowResult(session, flow, input.epoch, when, (where, having) => this.#merged(state, where, having), groupNames);
    const written = await this.#output.write(session, query, mode, input.epoch);
    const evict = when.final === 'FALSE' ? '' : `DELETE FROM ${state} WHERE ${when.final};\n`;
    const [stateRows = 0] = await session.counts(`${evict}SELECT count(*) FROM ${state}`);
    return { rowsRead, lateRows: rowsRead - accepted, stateRows, watermarkUs, ...written };
  }

  #merged(state: string, where: string, having: string): string {
    const windowed = this.#flow.window !== undefined;
    const select = [
      ...(windowed ? [`${timestampOfUs('"__ws"')} AS "window_start"`, `${timestampOfUs('"__we"')} AS "window_end"`] : []),
      ...this.#parts.keys.map(([column, , name]) => `${q(column)} AS ${q(name)}`),
      ...this.#parts.aggregates.map((a) => a.merge),
    ];
    const groupBy = ['"__ws"', '"__we"', ...this.#parts.keys.map(([column]) => q(column))];
    return `SELECT ${select.join(', ')} FROM ${state} ${where} GROUP BY ${groupBy.join(', ')} ${having}`.trim();
  }
}

/** A hopping row's latest window starts at its time rounded down to the slide. */
function hoppingPrimary(window: Extract<WindowSpec, { kind: 'hopping' }>): string {
  const slide = (durationToMs(window.slide) ?? 0) * 1000;
  return `"__ws" = ("__tu" - ((("__tu") % ${slide}) + ${slide}) % ${slide})`;
}
