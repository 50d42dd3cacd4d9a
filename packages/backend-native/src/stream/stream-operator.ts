import type { Json } from '@duckdb/node-api';
import type { ExpectationResult, RelationNode } from '@thund/ir';
import type { FlowSession } from '../run/flow-session.js';

/** What an operator's `reduce` gets for one micro-batch. */
export interface BatchInput {
  readonly epoch: number;
  /** Watermark before this micro-batch, µs since 1970; `undefined` before any event time. */
  readonly watermarkUs: number | undefined;
  /** Lowers a plan subtree, its streaming source reading only this micro-batch's files. */
  compile(node: RelationNode): string;
}

/** A micro-batch reduced by the operator's `reduce` statements. */
export interface ReducedBatch {
  /** The scratch table the statements filled. */
  readonly table: string;
  /** The row of the statements' last query. */
  readonly stats: Record<string, Json>;
}

/** What an operator gets for one micro-batch. */
export interface EpochInput extends BatchInput {
  /** Set for an operator with `reduce`: this micro-batch, reduced. */
  readonly reduced?: ReducedBatch;
  /**
   * Called by an operator with `reduce` as soon as it knows the watermark
   * after this micro-batch: the next micro-batch may then be reduced ahead.
   */
  watermarkKnown?(watermarkUs: number | undefined): void;
}

/**
 * Rows an operator keeps between micro-batches: known, or a query counting
 * them that runs right after the epoch's COMMIT, in the same call (an
 * operator whose state statements travel with the commit cannot count before).
 */
export type StateRows = number | { readonly countAfterCommit: string };

export interface EpochOutcome {
  readonly rowsRead: number;
  readonly rowsWritten: number;
  readonly lateRows: number;
  /** Rows the operator keeps between micro-batches (window buffers, CDC state). */
  readonly stateRows: StateRows;
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
  /**
   * Optional first step, read-only for the pipeline: statements reducing a
   * micro-batch into `table` (in the run's scratch database), ending with a
   * query of one row; run before the epoch's transaction, possibly ahead on
   * another connection (see `BatchReducer`). They must depend on nothing
   * but `input`.
   */
  reduce?(input: BatchInput, table: string): string;
  apply(session: FlowSession, input: EpochInput): Promise<EpochOutcome>;
}

/** Temporary table holding the micro-batch's new input rows. */
export const IN = '"__thund_in"';
