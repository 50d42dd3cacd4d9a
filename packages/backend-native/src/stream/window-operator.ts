import { type AggregateNode, type ElementRef, type Flow, type RelationNode, outputName } from '@thund/ir';
import { ExpressionCompiler } from '../compile/expression-compiler.js';
import type { FlowSession } from '../run/flow-session.js';
import { stateTable } from './checkpoint-store.js';
import { advanceWatermark, batchStats, eventTimeUs, onTime, timestampOfUs, windowColumnOf } from './event-time.js';
import { type EpochInput, type EpochOutcome, IN, type StreamOperator } from './stream-operator.js';
import type { StreamOutput } from './stream-output.js';
import { finality, windowResult } from './window-emit.js';
import { assignWindows } from './window-assign.js';

const EPOCH = '"__thund_epoch"';
const WIN = '"__thund_win"';

/**
 * A streaming aggregation, optionally over event-time windows. State is
 * the buffer of rows whose windows are still open (kept in the checkpoint
 * schema, so it commits with the epoch); every aggregate function works
 * because each emitted window is aggregated from its rows. Once the
 * watermark passes a window's end the window is final: emitted (append),
 * and its rows leave the buffer (complete mode keeps its result).
 *
 * - append: each window once, when final;
 * - update: the windows this micro-batch changed, replacing their previous rows;
 * - complete: the whole result, replacing the table.
 */
export class WindowOperator implements StreamOperator {
  readonly input: RelationNode;
  readonly #flow: Flow;
  readonly #aggregate: AggregateNode;
  readonly #output: StreamOutput;
  readonly #element: ElementRef;
  readonly #expr = new ExpressionCompiler();

  constructor(flow: Flow, aggregate: AggregateNode, output: StreamOutput) {
    this.#flow = flow;
    this.#aggregate = aggregate;
    this.input = aggregate.input;
    this.#output = output;
    this.#element = { kind: 'flow', name: flow.name };
  }

  async apply(session: FlowSession, input: EpochInput): Promise<EpochOutcome> {
    const flow = this.#flow;
    const windowColumn = windowColumnOf(flow);
    const buffer = stateTable(flow, 'buf');
    await session.run(`CREATE OR REPLACE TEMP TABLE ${IN} AS ${input.compile(this.input)}`);

    const keepParts: string[] = [];
    if (flow.watermark !== undefined) keepParts.push(onTime(flow.watermark.column, input.watermarkUs));
    if (windowColumn !== undefined) keepParts.push(`${eventTimeUs(windowColumn)} IS NOT NULL`);
    const keep = keepParts.length === 0 ? 'TRUE' : keepParts.join(' AND ');
    const maxUs = flow.watermark === undefined
      ? undefined
      : (await batchStats((sql) => session.rowsJson(sql), IN, flow.watermark.column, input.watermarkUs)).maxUs;
    const [rowsRead = 0, accepted = 0] = await session.counts(`SELECT count(*), count(*) FILTER (WHERE ${keep}) FROM ${IN}`);

    await session.run(`CREATE TABLE IF NOT EXISTS ${buffer} AS SELECT *, CAST(0 AS BIGINT) AS ${EPOCH} FROM ${IN} WITH NO DATA`);
    await session.run(`INSERT INTO ${buffer} SELECT *, ${input.epoch} AS ${EPOCH} FROM ${IN} WHERE ${keep}`);
    const watermarkUs = advanceWatermark(input.watermarkUs, maxUs, flow.watermark, this.#element);

    const groupKeys = this.#aggregate.groupBy.map((g) => this.#expr.compileUnaliased(g));
    await session.run(`CREATE OR REPLACE TEMP TABLE ${WIN} AS ${assignWindows(buffer, flow.window, windowColumn, groupKeys, this.#element)}`);
    const when = finality(flow.window !== undefined, input.watermarkUs, watermarkUs);
    const { query, mode } = await windowResult(session, flow, input.epoch, when, (where, having) => this.#aggregateSql(where, having), this.#groupNames());
    const written = await this.#output.write(session, query, mode, input.epoch);

    if (when.final !== 'FALSE') {
      await session.run(`DELETE FROM ${buffer} WHERE rowid IN (SELECT "__rid" FROM ${WIN} GROUP BY "__rid" HAVING max("__we") <= ${watermarkUs})`);
    }
    const [stateRows = 0] = await session.counts(`SELECT count(*) FROM ${buffer}`);
    return { rowsRead, lateRows: rowsRead - accepted, stateRows, watermarkUs, ...written };
  }

  #groupNames(): string[] {
    return this.#aggregate.groupBy.map((g) => outputName(g)).filter((n): n is string => n !== undefined);
  }

  #aggregateSql(where: string, having: string): string {
    const windowed = this.#flow.window !== undefined;
    const select = [
      ...(windowed ? [`${timestampOfUs('"__ws"')} AS "window_start"`, `${timestampOfUs('"__we"')} AS "window_end"`] : []),
      ...[...this.#aggregate.groupBy, ...this.#aggregate.aggregates].map((c) => this.#expr.compileOutput(c)),
    ];
    const groupBy = [...(windowed ? ['"__ws"', '"__we"'] : []), ...this.#aggregate.groupBy.map((g) => this.#expr.compileUnaliased(g))];
    return `SELECT ${select.join(', ')} FROM ${WIN} ${where} ${groupBy.length === 0 ? '' : `GROUP BY ${groupBy.join(', ')}`} ${having}`.trim();
  }
}
