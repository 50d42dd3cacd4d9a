import type { RelationNode } from '../plan/rel/relation.js';
import type { CdcSpec } from './cdc.js';
import type { Expectation } from './expectation.js';
import type { OutputMode, Trigger, Watermark, WindowSpec } from './streaming.js';

/**
 * - `batch`: reads its inputs whole each run.
 * - `streaming`: reads only new input each micro-batch.
 * - `append_once`: a backfill, appended to a table once and never again.
 * - `cdc`: applies a change feed to a table (see `cdc`).
 */
export type FlowKind = 'batch' | 'streaming' | 'append_once' | 'cdc';

/** Every {@link FlowKind}. */
export const FLOW_KINDS: readonly FlowKind[] = ['batch', 'streaming', 'append_once', 'cdc'];

/** Writes the result of a query into a target dataset. */
export interface Flow {
  /** Flow name, unique in the pipeline. */
  readonly name: string;
  /** Name of the dataset this flow writes. */
  readonly target: string;
  /** Whether the flow reads its inputs whole, incrementally, once, or as a change feed. */
  readonly kind: FlowKind;
  /** The relational plan whose rows the flow writes. */
  readonly query: RelationNode;
  /**
   * Datasets read, in addition to those the query plan names. Needed only
   * for raw SQL queries, whose reads Þund cannot see.
   */
  readonly reads?: readonly string[];
  /** Data-quality rules checked on every row the flow writes. */
  readonly expectations?: readonly Expectation[];
  /** When a streaming flow processes input; default: available now. */
  readonly trigger?: Trigger;
  /** Event-time column and allowed lateness of a streaming flow. */
  readonly watermark?: Watermark;
  /** Event-time window the flow's aggregation is grouped by. */
  readonly window?: WindowSpec;
  /** How a streaming aggregation writes its result. */
  readonly outputMode?: OutputMode;
  /** Apply-changes settings; required for (and only allowed on) `cdc` flows. */
  readonly cdc?: CdcSpec;
  /** Free-text description of the flow. */
  readonly comment?: string;
}

/** Flow kinds that read their input incrementally. */
export function isIncremental(kind: FlowKind): boolean {
  return kind === 'streaming' || kind === 'cdc';
}
