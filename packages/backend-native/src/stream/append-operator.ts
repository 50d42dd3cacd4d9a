import type { ElementRef, Flow, RelationNode } from '@thund/ir';
import type { FlowSession } from '../run/flow-session.js';
import { advanceWatermark, batchStats, onTime } from './event-time.js';
import { type EpochInput, type EpochOutcome, IN, type StreamOperator } from './stream-operator.js';
import type { StreamOutput } from './stream-output.js';

/**
 * A streaming flow without aggregation: each micro-batch's rows are
 * appended. With a watermark, rows older than it are dropped as late.
 */
export class AppendOperator implements StreamOperator {
  readonly input: RelationNode;
  readonly #flow: Flow;
  readonly #output: StreamOutput;
  readonly #element: ElementRef;

  constructor(flow: Flow, output: StreamOutput) {
    this.#flow = flow;
    this.input = flow.query;
    this.#output = output;
    this.#element = { kind: 'flow', name: flow.name };
  }

  async apply(session: FlowSession, input: EpochInput): Promise<EpochOutcome> {
    await session.run(`CREATE OR REPLACE TEMP TABLE ${IN} AS ${input.compile(this.input)}`);
    const watermark = this.#flow.watermark;
    if (watermark === undefined) {
      const [rowsRead = 0] = await session.counts(`SELECT count(*) FROM ${IN}`);
      const written = await this.#output.write(session, `SELECT * FROM ${IN}`, { kind: 'append' }, input.epoch);
      return { rowsRead, lateRows: 0, stateRows: 0, watermarkUs: undefined, ...written };
    }
    const keep = onTime(watermark.column, input.watermarkUs);
    const { rowsRead, accepted, maxUs } = await batchStats((sql) => session.rowsJson(sql), IN, watermark.column, input.watermarkUs);
    const written = await this.#output.write(session, `SELECT * FROM ${IN} WHERE ${keep}`, { kind: 'append' }, input.epoch);
    const watermarkUs = advanceWatermark(input.watermarkUs, maxUs, watermark, this.#element);
    return { rowsRead, lateRows: rowsRead - accepted, stateRows: 0, watermarkUs, ...written };
  }
}
