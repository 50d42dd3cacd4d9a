import { type AggregateNode, type ElementRef, type Flow, type RelationNode, ThundError, ThundErrorCode, type WindowSpec } from '@thund/ir';
import { quoteIdentifier } from '../compile/sql-text.js';
import type { FlowSession } from '../run/flow-session.js';
import { stateTable } from './checkpoint-store.js';
import { advanceWatermark, durationUs, eventTimeUs, onTimeUs, timestampOfUs, windowColumnOf } from './event-time.js';
import type { DecomposedAggregation } from './partial-aggregates.js';
import type { BatchInput, EpochInput, EpochOutcome, StreamOperator } from './stream-operator.js';
import type { StreamOutput } from './stream-output.js';
import { assignWindows, hoppingPrimary } from './window-assign.js';
import { EPOCH_STATE_COLUMN, finality, windowResult } from './window-emit.js';

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
  /** True once this run made sure the state table exists. */
  #stateCreated = false;

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

  /** Reduces the micro-batch to partials per window and group (with whether they are on time), then its row statistics. */
  reduce(input: BatchInput, table: string): string {
    const flow = this.#flow;
    const windowColumn = windowColumnOf(flow);
    // With a window, `assignWindows` computes each row's event time once as `__tu`; reuse it when the watermark is on that column.
    const time = (column: string): string => (column === windowColumn ? '"__tu"' : eventTimeUs(column));
    const keepParts: string[] = [];
    if (flow.watermark !== undefined) keepParts.push(onTimeUs(time(flow.watermark.column), input.watermarkUs));
    // The on-time predicate already requires a known event time of its column.
    if (windowColumn !== undefined && windowColumn !== flow.watermark?.column) keepParts.push(`${time(windowColumn)} IS NOT NULL`);
    const keep = keepParts.length === 0 ? 'TRUE' : keepParts.join(' AND ');
    const keys = this.#parts.keys.map(([column, sql]) => `${sql} AS ${q(column)}`);
    const partials = this.#parts.aggregates.flatMap((a) => a.partials.map(([column, sql]) => `${sql} AS ${q(column)}`));
    // Each row counts once in the row statistics, in its latest window (a hopping row is in several);
    // otherwise a `count(*)` partial already counts the rows.
    const countPartial = flow.window?.kind === 'hopping' ? undefined : this.#parts.aggregates.flatMap((a) => a.partials).find(([, sql]) => sql === 'count(*)')?.[0];
    const counted = flow.window?.kind === 'hopping' ? `count(*) FILTER (WHERE ${hoppingPrimary(flow.window, this.#element)})` : 'count(*)';
    const rows = countPartial === undefined ? '"__n"' : q(countPartial);
    const max = flow.watermark === undefined ? 'CAST(NULL AS BIGINT)' : `max(${time(flow.watermark.column)})`;
    const assigned = assignWindows(`(${input.compile(this.input)}) AS "_src"`, flow.window, windowColumn, this.#parts.keys.map(([, sql]) => sql), this.#element, false);
    // Grouped by window start only: the end follows from it (grouping by both costs ~10% of the reduction).
    const end = flow.window === undefined ? 'CAST(NULL AS BIGINT)' : flow.window.kind === 'session' ? 'any_value("__we")' : `"__ws" + ${durationUs(flow.window.size, this.#element)}`;
    const groupBy = [1, 2, ...keys.map((_, i) => i + 4)];
    return [
      `CREATE OR REPLACE TABLE ${table} AS SELECT (${keep}) AS "__ok", "__ws", ${end} AS "__we", ${[...keys, ...partials].join(', ')}, ${countPartial === undefined ? `${counted} AS "__n", ` : ''}${max} AS "__mx" FROM (${assigned}) AS "_a" GROUP BY ${groupBy.join(', ')}`,
      `SELECT coalesce(sum(${rows}), 0) AS n, coalesce(sum(${rows}) FILTER (WHERE "__ok"), 0) AS ok, max("__mx") AS mx FROM ${table}`,
    ].join(';\n');
  }

  async apply(session: FlowSession, input: EpochInput): Promise<EpochOutcome> {
    const flow = this.#flow;
    if (input.reduced === undefined) throw new ThundError(ThundErrorCode.Internal, `flow "${flow.name}": micro-batch ${input.epoch} was not reduced before it was applied`, { backend: 'native', element: this.#element });
    const { table: part, stats } = input.reduced;
    const state = stateTable(flow, 'part');
    const rowsRead = Number(stats['n'] ?? 0);
    const accepted = Number(stats['ok'] ?? 0);
    const maxUs = stats['mx'] === null || stats['mx'] === undefined ? undefined : Number(stats['mx']);
    const watermarkUs = advanceWatermark(input.watermarkUs, maxUs, flow.watermark, this.#element);
    input.watermarkKnown?.(watermarkUs);
    const columns = ['"__ws"', '"__we"', ...this.#parts.keys.map(([c]) => q(c)), ...this.#parts.aggregates.flatMap((a) => a.partials.map(([c]) => q(c)))];
    // Append mode emits a window once, when it becomes final: windows final after this epoch are emitted
    // from the state and this epoch's partials together, and only partials of windows still open are
    // written to the state. (Update and complete modes read the whole state, this epoch's rows included.)
    const direct = (flow.outputMode ?? 'append') === 'append' && flow.window !== undefined;
    const addToState = `INSERT INTO ${state} SELECT ${columns.join(', ')}, ${input.epoch} FROM ${part} WHERE "__ok"`;
    // Statements whose result nobody reads travel with the next one (`withNext`): an epoch is two calls,
    // the output's write and the commit, and the state is counted after the COMMIT, in the commit's call.
    if (!this.#stateCreated) session.withNext(`CREATE TABLE IF NOT EXISTS ${state} AS SELECT ${columns.join(', ')}, CAST(0 AS BIGINT) AS ${EPOCH_STATE_COLUMN} FROM ${part} WITH NO DATA`);
    this.#stateCreated = true;
    if (!direct) session.withNext(addToState);

    const when = finality(flow.window !== undefined, input.watermarkUs, watermarkUs);
    const groupNames = this.#parts.keys.map(([, , name]) => name);
    const from = direct ? `(SELECT ${columns.join(', ')} FROM ${state} UNION ALL SELECT ${columns.join(', ')} FROM ${part} WHERE "__ok") AS "_st"` : state;
    const { query, mode } = await windowResult(session, flow, input.epoch, when, (where, having) => this.#merged(from, where, having), groupNames);
    const written = await this.#output.write(session, query, mode, input.epoch);
    if (when.final !== 'FALSE') session.withNext(`DELETE FROM ${state} WHERE ${when.final}`);
    if (direct) session.withNext(`${addToState} AND NOT (${when.final})`);
    return { rowsRead, lateRows: rowsRead - accepted, stateRows: { countAfterCommit: `SELECT count(*) FROM ${state}` }, watermarkUs, ...written };
  }

  /** The merged result over `from` (the state table, or a subquery with alias of state rows). */
  #merged(from: string, where: string, having: string): string {
    const windowed = this.#flow.window !== undefined;
    const select = [
      ...(windowed ? [`${timestampOfUs('"__ws"')} AS "window_start"`, `${timestampOfUs('"__we"')} AS "window_end"`] : []),
      ...this.#parts.keys.map(([column, , name]) => `${q(column)} AS ${q(name)}`),
      ...this.#parts.aggregates.map((a) => a.merge),
    ];
    const groupBy = ['"__ws"', '"__we"', ...this.#parts.keys.map(([column]) => q(column))];
    return `SELECT ${select.join(', ')} FROM ${from} ${where} GROUP BY ${groupBy.join(', ')} ${having}`.trim();
  }
}
