import { type Capabilities, RELATION_KINDS, defineCapabilities } from '@thund/ir';
import { LOWERED_FUNCTIONS } from './compile/function-lowering.js';
import { NATIVE_SQL_DIALECTS } from './compile/relation-compiler.js';

/** DuckDB version the backend is built and tested against. */
export const DUCKDB_VERSION = '1.5.6';

/**
 * What the native backend runs: batch and streaming pipelines (micro-batches
 * over growing directories and in-memory sources, exactly once), event time
 * with every window kind and output mode, CDC of SCD types 1 and 2, every
 * plan node, every lowered function. Query shapes the streaming engine
 * cannot run are reported by `check` (see `streamingViolations`).
 */
export function createNativeCapabilities(): Capabilities {
  return defineCapabilities({
    name: 'native',
    version: `duckdb ${DUCKDB_VERSION}`,
    batch: true,
    streaming: true,
    eventTime: true,
    windowKinds: ['tumbling', 'hopping', 'session'],
    outputModes: ['append', 'update', 'complete'],
    triggers: ['available_now', 'once', 'processing_time'],
    cdcScdTypes: [1, 2],
    expectations: ['warn', 'drop', 'fail'],
    datasetTypes: ['materialized_view', 'table', 'temporary_view', 'sink'],
    relations: RELATION_KINDS,
    functions: LOWERED_FUNCTIONS,
    sqlDialects: NATIVE_SQL_DIALECTS,
    fileFormats: ['csv', 'json', 'parquet'],
    batchSinks: true,
    nestedTypes: true,
    selectiveRefresh: true,
    limits: {
      'sqlDialects:spark': 'raw SQL runs in DuckDB\'s dialect here: write the flow with the portable plan (it runs on every backend), or in DuckDB SQL',
    },
  });
}
