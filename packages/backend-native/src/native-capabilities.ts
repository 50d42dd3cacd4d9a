import { type Capabilities, RELATION_KINDS, defineCapabilities } from '@thund/ir';
import { LOWERED_FUNCTIONS } from './compile/function-lowering.js';
import { NATIVE_SQL_DIALECTS } from './compile/relation-compiler.js';

/** DuckDB version the backend is built and tested against. */
export const DUCKDB_VERSION = '1.5.6';

/**
 * What the native backend runs today: batch pipelines, every plan node,
 * every lowered function. Streaming, event time and CDC come later; until
 * then `check` rejects them.
 */
export function createNativeCapabilities(): Capabilities {
  return defineCapabilities({
    name: 'native',
    version: `duckdb ${DUCKDB_VERSION}`,
    batch: true,
    streaming: false,
    eventTime: false,
    expectations: ['warn', 'drop', 'fail'],
    datasetTypes: ['materialized_view', 'table', 'temporary_view', 'sink'],
    relations: RELATION_KINDS,
    functions: LOWERED_FUNCTIONS,
    sqlDialects: NATIVE_SQL_DIALECTS,
    fileFormats: ['csv', 'json', 'parquet'],
    batchSinks: true,
  });
}
