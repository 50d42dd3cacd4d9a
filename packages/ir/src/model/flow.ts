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

export const FLOW_KINDS: readonly FlowKind[] = ['batch', 'streaming', 'append_once', 'cdc'];

/** Writes the result of a query into a target dataset. */
export interface Flow {
  readonly name: string;
  readonly target: string;
  readonly kind: FlowKind;
  readonly query: RelationNode;
  /**
   * Datasets read, in addition to those the query plan names. Needed only
   * for raw SQL queries, whose reads Þund cannot see.
   */
  readonly reads?: readonly string[];
  readonly expectations?: readonly Expectation[];
  readonly trigger?: Trigger;
  readonly watermark?: Watermark;
  readonly window?: WindowSpec;
  readonly outputMode?: OutputMode;
  readonly cdc?: CdcSpec;
  readonly comment?: string;
}

/** Flow kinds that read their input incrementally. */
export function isIncremental(kind: FlowKind): boolean {
  return kind === 'streaming' || kind === 'cdc';
}
