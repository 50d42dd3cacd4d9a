import type { ExpectationResult, RelationNode } from '@thund/ir';
import type { FlowSession } from '../run/flow-session.js';

/** What an operator gets for one micro-batch. */
export interface EpochInput {
  readonly epoch: number;
  /** Watermark before this micro-batch, µs since 1970; `undefined` before any event time. */
  readonly watermarkUs: number | undefined;
  /** Lowers a plan subtree, its streaming source reading only this micro-batch's files. */
  compile(node: RelationNode): string;
}

export interface EpochOutcome {
  readonly rowsRead: number;
  readonly rowsWritten: number;
  readonly lateRows: number;
  /** Rows the operator keeps between micro-batches (window buffers, CDC state). */
  readonly stateRows: number;
  readonly watermarkUs: number | undefined;
  readonly expectations?: readonly ExpectationResult[];
}

/**
 * The incremental logic of one flow kind. `apply` runs inside the epoch's
 * transaction: everything it writes (output, state) commits or rolls back
 * together with the source offsets.
 */
export interface StreamOperator {
  /** The plan subtree whose streaming source is read per micro-batch. */
  readonly input: RelationNode;
  apply(session: FlowSession, input: EpochInput): Promise<EpochOutcome>;
}

/** Temporary table holding the micro-batch's new input rows. */
export const IN = '"__thund_in"';
