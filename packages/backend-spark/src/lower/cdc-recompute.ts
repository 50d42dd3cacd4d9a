import { type CdcSpec, type Flow, type Pipeline, ThundError, ThundErrorCode, resolveChanges, staticColumns } from '@thund/ir';
import type { RelationInit } from '../connect/session.js';
import type { RelationLowering } from './relation-lowering.js';

/**
 * A `cdc` flow on Spark, where no table format with row-level operations
 * (MERGE) runs on OSS Spark 4.3 and SDP's AUTO CDC refuses parquet
 * targets: the target is a materialized view recomputed from the whole
 * change feed (every file of the source, or the whole streaming table it
 * reads) each run, by `resolveChanges` — the AUTO CDC semantics as one
 * portable plan (sequencing, deletes, replays, no-op updates and history
 * tracking, ignoreNullUpdates, truncates), the same plan native applies to
 * the keys each micro-batch touches. So both give the same rows.
 *
 * The plan names the input's columns (tracked columns, NULL-filled
 * columns), so they must follow from the pipeline: a declared schema on
 * the `read_files` or on the dataset read, or else the spec's `columns`
 * (then the target's columns come in that list's order). The cost is a full scan and a
 * few sorts of the change feed per run (see README). Every step is a
 * Project, Filter or window Project, so SDP sees the flow's dependency on
 * the table it reads.
 */
export function lowerCdcRecompute(flow: Flow, spec: CdcSpec, lowering: RelationLowering, pipeline: Pick<Pipeline, 'datasets' | 'flows'>): RelationInit {
  const columns = staticColumns(flow.query, pipeline) ?? listedColumns(spec);
  if (columns === undefined) {
    throw new ThundError(
      ThundErrorCode.Unsupported,
      `the columns of the change feed of cdc flow "${flow.name}" are not known before it runs, and Spark recomputes a CDC target with a plan that names them: declare a "schema" on the read_files node it reads or on the dataset it reads, or list the stored columns in "columns"`,
      { backend: 'spark', element: { kind: 'flow', name: flow.name } },
    );
  }
  return lowering.lower(resolveChanges(flow.query, spec, columns));
}

/** Without a known input schema, the columns a spec lists are all the plan needs: the stored ones and the sequence. */
function listedColumns(spec: CdcSpec): readonly string[] | undefined {
  if (spec.columns === undefined) return undefined;
  return spec.columns.includes(spec.sequenceBy) ? spec.columns : [...spec.columns, spec.sequenceBy];
}
