import { type Capabilities, RELATION_KINDS, defineCapabilities } from '@thund/ir';
import { sparkFunctionsFor } from './lower/function-lowering.js';
import { SPARK_SQL_DIALECTS } from './lower/relation-lowering.js';

/** Spark version the backend is built and tested against. */
export const SPARK_VERSION = '4.3.0';

/** Server facts capabilities depend on. */
export interface SparkServerFacts {
  /** `spark_version` from AnalyzePlan, e.g. `4.3.0`. */
  readonly version: string;
}

/**
 * What the Spark backend runs on an OSS Spark Connect server of a given
 * version: batch and streaming flows into every dataset type, every plan
 * node, the cataloged functions that server has, raw SQL in the `spark`
 * dialect, CSV/JSON/Parquet, expectations (lowered into the flow plan: SDP
 * has none on OSS), watermarks with tumbling/hopping/session windows in
 * every output mode (update and complete recompute the target from a hidden
 * table of the aggregation's input rows: SDP appends). Not: triggers
 * other than SDP's run-to-completion (`available_now`). CDC (SCD 1 and 2)
 * is a recomputation of the target from the whole change feed each run.
 * Sinks fed by batch flows are written by a WriteOperation after the graph
 * run, replaced whole.
 */
export function createSparkCapabilities(facts: SparkServerFacts): Capabilities {
  return defineCapabilities({
    name: 'spark',
    version: `spark ${facts.version}`,
    batch: true,
    streaming: true,
    eventTime: true,
    windowKinds: ['tumbling', 'hopping', 'session'],
    // SDP writes streaming tables in append mode: a window once, when final. Update and complete targets are
    // recomputed each run from a hidden table of arrived rows (lower/recomputed-aggregation.ts).
    outputModes: ['append', 'update', 'complete'],
    triggers: ['available_now'],
    // No row-level-capable table format runs on OSS Spark 4.3 (see README): a CDC target is
    // recomputed from the whole change feed each run (lower/cdc-recompute.ts), same rows as native.
    cdcScdTypes: [1, 2],
    expectations: ['warn', 'drop', 'fail'],
    datasetTypes: ['materialized_view', 'table', 'temporary_view', 'sink'],
    relations: RELATION_KINDS,
    functions: sparkFunctionsFor(facts.version),
    sqlDialects: SPARK_SQL_DIALECTS,
    fileFormats: ['csv', 'json', 'parquet'],
    // SDP sinks take streaming flows; batch-fed sinks are written after the graph run (run/write-batch-sinks.ts).
    batchSinks: true,
    nestedTypes: true,
    selectiveRefresh: true,
    limits: {
      'triggers:once': 'an SDP run processes what has arrived and stops (available_now); one run is one trigger',
      'triggers:processing_time': 'an SDP run processes what has arrived and stops; schedule runs outside the pipeline',
      'sqlDialects:duckdb': 'raw SQL runs in Spark SQL here: write the flow with the portable plan (it runs on every backend), or in Spark SQL',
    },
  });
}
