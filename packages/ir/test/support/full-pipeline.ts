import type { Capabilities, Pipeline } from '../../src/index.js';
import {
  ALL_FUNCTION_NAMES, DATASET_TYPES, EXPECTATION_ACTIONS, FILE_FORMATS, OUTPUT_MODES, RELATION_KINDS, TRIGGER_KINDS, WINDOW_KINDS,
  col, count, defineCapabilities, expect, from, pipeline, readFiles, rowNumber, sql, sum, upper,
} from '../../src/index.js';

/** A valid pipeline that uses every feature a backend can declare. */
export function everyFeaturePipeline(): Pipeline {
  const events = from('events');
  return pipeline('every_feature')
    .streamingTable('events', { query: readFiles('json', 'events/'), trigger: { kind: 'available_now' } })
    .table('lookup', { query: readFiles('parquet', 'lookup.parquet') })
    .temporaryView('codes', { query: readFiles('csv', 'codes.csv') })
    .materializedView('summary', {
      query: from('lookup')
        .join(from('codes'), { using: ['code'] })
        .filter(col('code').in('a', 'b'))
        .select('code', upper('name').as('name'))
        .union(sql('duckdb', 'SELECT code, name FROM codes'))
        .distinct()
        .window(rowNumber().over({ orderBy: ['code'] }).as('rn'))
        .orderBy('code')
        .limit(10),
      reads: ['codes'],
      expectations: [
        expect('has_code', col('code').isNotNull(), 'fail'),
        expect('short', col('rn').lt(100), 'drop'),
        expect('named', col('name').isNotNull(), 'warn'),
      ],
    })
    .streamingTable('tumbling', {
      query: events.groupBy('page').agg(count().as('n')),
      watermark: { column: 'ts', delay: '10s' },
      window: { kind: 'tumbling', size: '1m' },
      outputMode: 'append',
      trigger: { kind: 'once' },
    })
    .streamingTable('hopping', {
      query: events.groupBy('page').agg(sum('ms').as('ms')),
      watermark: { column: 'ts', delay: '10s' },
      window: { kind: 'hopping', size: '1m', slide: '30s' },
      outputMode: 'update',
      trigger: { kind: 'processing_time', interval: '5s' },
    })
    .streamingTable('session', {
      query: events.groupBy('user').agg(count().as('clicks')),
      watermark: { column: 'ts', delay: '10s' },
      window: { kind: 'session', gap: '5m' },
      outputMode: 'complete',
    })
    .table('scd1')
    .table('scd2')
    .flow('apply_scd1', { target: 'scd1', kind: 'cdc', query: events, cdc: { keys: ['user'], sequenceBy: 'ts', scdType: 1 } })
    .flow('apply_scd2', { target: 'scd2', kind: 'cdc', query: events, cdc: { keys: ['user'], sequenceBy: 'ts', scdType: 2 } })
    .flow('backfill', { target: 'events', kind: 'append_once', query: readFiles('json', 'old-events/') })
    .sink('export', { format: 'csv', location: 'out/summary.csv' })
    .flow('export', { target: 'export', query: from('summary') })
    .build();
}

/** Capabilities covering everything `everyFeaturePipeline` uses. */
export function fullCapabilities(): Capabilities {
  return defineCapabilities({
    name: 'fake',
    batch: true,
    streaming: true,
    eventTime: true,
    windowKinds: WINDOW_KINDS,
    outputModes: OUTPUT_MODES,
    triggers: TRIGGER_KINDS,
    cdcScdTypes: [1, 2],
    expectations: EXPECTATION_ACTIONS,
    datasetTypes: DATASET_TYPES,
    relations: RELATION_KINDS,
    functions: ALL_FUNCTION_NAMES,
    sqlDialects: ['duckdb'],
    fileFormats: FILE_FORMATS,
    batchSinks: true,
  });
}
