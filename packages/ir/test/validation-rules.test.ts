import { describe, expect, it } from 'vitest';
import type { Pipeline, ValidationIssueCode } from '../src/index.js';
import { call, col, count, from, readFiles, rowNumber, sql, sum, validatePipeline } from '../src/index.js';
import { basePipeline, replaceDataset, replaceFlow, streamingPipeline, withDatasets, withFlows } from './support/pipelines.js';

interface RuleCase {
  readonly code: ValidationIssueCode;
  readonly bad: () => Pipeline;
  readonly good: () => Pipeline;
  /** Path the issue must point at. */
  readonly path?: string;
}

const cdcPipeline = (cdc: Record<string, unknown> | undefined, kind: 'cdc' | 'batch' = 'cdc'): Pipeline =>
  withFlows(withDatasets(basePipeline(), { name: 'current', type: 'table', schema: [{ name: 'id', type: 'int64' }] }), {
    name: 'apply',
    target: 'current',
    kind,
    query: readFiles('json', 'changes', { schema: [{ name: 'id', type: 'int64' }, { name: 'seq', type: 'int64' }, { name: 'op', type: 'utf8' }] }).node,
    ...(cdc === undefined ? {} : { cdc: cdc as never }),
  });

const CASES: readonly RuleCase[] = [
  {
    code: 'duplicate_dataset',
    bad: () => withDatasets(basePipeline(), { name: 'clean', type: 'table' }),
    good: () => basePipeline(),
    path: '$.datasets[3].name',
  },
  {
    code: 'duplicate_dataset',
    bad: () => withFlows(withDatasets(basePipeline(), { name: 'Clean', type: 'table' }), { name: 'clean_upper', target: 'Clean', kind: 'batch', query: from('raw').node }),
    good: () => withFlows(withDatasets(basePipeline(), { name: 'Clean2', type: 'table' }), { name: 'clean_upper', target: 'Clean2', kind: 'batch', query: from('raw').node }),
    path: '$.datasets[3].name',
  },
  {
    code: 'duplicate_flow',
    bad: () => withFlows(basePipeline(), { name: 'clean', target: 'clean', kind: 'batch', query: from('raw').node }),
    good: () => withFlows(basePipeline(), { name: 'clean_again', target: 'clean', kind: 'batch', query: from('raw').node }),
    path: '$.flows[3].name',
  },
  {
    code: 'unknown_target',
    bad: () => replaceFlow(basePipeline(), 'totals', (f) => ({ ...f, target: 'totalz' })),
    good: () => basePipeline(),
    path: '$.flows[2].target',
  },
  {
    code: 'unknown_read',
    bad: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: from('rawr').node })),
    good: () => basePipeline(),
    path: '$.flows[1].query',
  },
  {
    code: 'unknown_read',
    bad: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: sql('duckdb', 'SELECT * FROM nope').node, reads: ['nope'] })),
    good: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: sql('duckdb', 'SELECT * FROM raw').node, reads: ['raw'] })),
  },
  {
    code: 'read_from_sink',
    bad: () =>
      withFlows(
        withDatasets(basePipeline(), { name: 'out', type: 'sink', format: 'csv', location: 'out/' }, { name: 'again', type: 'table' }),
        { name: 'out', target: 'out', kind: 'batch', query: from('totals').node },
        { name: 'again', target: 'again', kind: 'batch', query: from('out').node },
      ),
    good: () =>
      withFlows(withDatasets(basePipeline(), { name: 'out', type: 'sink', format: 'csv', location: 'out/' }), {
        name: 'out', target: 'out', kind: 'batch', query: from('totals').node,
      }),
  },
  {
    code: 'cycle',
    bad: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: from('totals').node })),
    good: () => basePipeline(),
  },
  {
    code: 'cycle',
    bad: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: from('clean').node })),
    good: () => basePipeline(),
  },
  {
    code: 'dataset_without_flow',
    bad: () => withDatasets(basePipeline(), { name: 'orphan', type: 'table' }),
    good: () => basePipeline(),
    path: '$.datasets[3]',
  },
  {
    code: 'multiple_flows_into_view',
    bad: () => withFlows(basePipeline(), { name: 'totals2', target: 'totals', kind: 'batch', query: from('clean').node }),
    good: () => withFlows(basePipeline(), { name: 'clean2', target: 'clean', kind: 'batch', query: from('raw').node }),
  },
  {
    code: 'streaming_into_materialized_view',
    bad: () => replaceFlow(basePipeline(), 'totals', (f) => ({ ...f, kind: 'streaming', outputMode: 'complete' })),
    good: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, kind: 'streaming' })),
    path: '$.flows[2].kind',
  },
  {
    code: 'append_once_into_non_table',
    bad: () => withFlows(basePipeline(), { name: 'backfill', target: 'totals', kind: 'append_once', query: from('clean').node }),
    good: () => withFlows(basePipeline(), { name: 'backfill', target: 'clean', kind: 'append_once', query: readFiles('csv', 'old.csv').node }),
  },
  {
    code: 'cdc_without_spec',
    bad: () => cdcPipeline(undefined),
    good: () => cdcPipeline({ keys: ['id'], sequenceBy: 'seq', scdType: 1 }),
  },
  {
    code: 'cdc_without_keys',
    bad: () => cdcPipeline({ keys: [], sequenceBy: 'seq', scdType: 1 }),
    good: () => cdcPipeline({ keys: ['id'], sequenceBy: 'seq', scdType: 1 }),
    path: '$.flows[3].cdc.keys',
  },
  {
    code: 'cdc_spec_on_non_cdc_flow',
    bad: () => cdcPipeline({ keys: ['id'], sequenceBy: 'seq', scdType: 1 }, 'batch'),
    good: () => cdcPipeline(undefined, 'batch'),
  },
  {
    code: 'cdc_into_non_table',
    bad: () => replaceFlow(basePipeline(), 'totals', (f) => ({ ...f, kind: 'cdc', cdc: { keys: ['id'], sequenceBy: 'seq', scdType: 1 } })),
    good: () => cdcPipeline({ keys: ['id'], sequenceBy: 'seq', scdType: 1 }),
  },
  {
    code: 'cdc_columns_conflict',
    bad: () => cdcPipeline({ keys: ['id'], sequenceBy: 'seq', scdType: 2, exceptColumns: ['id'] }),
    good: () => cdcPipeline({ keys: ['id'], sequenceBy: 'seq', scdType: 2, exceptColumns: ['op'] }),
  },
  {
    code: 'cdc_columns_conflict',
    bad: () => cdcPipeline({ keys: ['id'], sequenceBy: 'seq', scdType: 2, columns: ['id'], exceptColumns: ['op'] }),
    good: () => cdcPipeline({ keys: ['id'], sequenceBy: 'seq', scdType: 2, columns: ['id', 'seq'] }),
  },
  {
    code: 'unknown_schema_column',
    bad: () => cdcPipeline({ keys: ['customer'], sequenceBy: 'seq', scdType: 1 }),
    good: () => cdcPipeline({ keys: ['id'], sequenceBy: 'seq', scdType: 1 }),
  },
  {
    code: 'window_without_event_time',
    bad: () => streamingPipeline({ watermark: undefined, window: { kind: 'session', gap: '5m' }, outputMode: 'update' }),
    good: () => streamingPipeline({ watermark: undefined, window: { kind: 'session', gap: '5m', column: 'ts' }, outputMode: 'update' }),
    path: '$.flows[1].window',
  },
  {
    code: 'window_zero_duration',
    bad: () => streamingPipeline({ window: { kind: 'tumbling', size: '0s' } }),
    good: () => streamingPipeline({ window: { kind: 'tumbling', size: '1s' } }),
    path: '$.flows[1].window.size',
  },
  {
    code: 'window_zero_duration',
    bad: () => streamingPipeline({ window: { kind: 'hopping', size: '10m', slide: '0s' } }),
    good: () => streamingPipeline({ window: { kind: 'hopping', size: '10m', slide: '5m' } }),
    path: '$.flows[1].window.slide',
  },
  {
    code: 'window_zero_duration',
    bad: () => streamingPipeline({ window: { kind: 'session', gap: '0ms' }, outputMode: 'update' }),
    good: () => streamingPipeline({ window: { kind: 'session', gap: '1ms' }, outputMode: 'update' }),
    path: '$.flows[1].window.gap',
  },
  {
    code: 'window_slide_longer_than_size',
    bad: () => streamingPipeline({ window: { kind: 'hopping', size: '1m', slide: '2m' } }),
    good: () => streamingPipeline({ window: { kind: 'hopping', size: '2m', slide: '2m' } }),
    path: '$.flows[1].window.slide',
  },
  {
    code: 'append_without_watermark',
    bad: () => streamingPipeline({ watermark: undefined, window: undefined }),
    good: () => streamingPipeline({ watermark: undefined, window: undefined, outputMode: 'update' }),
  },
  {
    code: 'streaming_option_on_batch_flow',
    bad: () => replaceFlow(basePipeline(), 'totals', (f) => ({ ...f, trigger: { kind: 'once' } })),
    good: () => basePipeline(),
    path: '$.flows[2].trigger',
  },
  {
    code: 'complete_without_aggregation',
    bad: () => replaceFlow(streamingPipeline(), 'events', (f) => ({ ...f, outputMode: 'complete' })),
    good: () => replaceFlow(streamingPipeline(), 'events', (f) => ({ ...f, outputMode: 'append' })),
  },
  {
    code: 'duplicate_expectation',
    bad: () => replaceFlow(basePipeline(), 'clean', (f) => ({
      ...f,
      expectations: [
        { name: 'pos', predicate: col('amount').gt(0).node, action: 'drop' },
        { name: 'pos', predicate: col('id').isNotNull().node, action: 'fail' },
      ],
    })),
    good: () => replaceFlow(basePipeline(), 'clean', (f) => ({
      ...f,
      expectations: [
        { name: 'pos', predicate: col('amount').gt(0).node, action: 'drop' },
        { name: 'has_id', predicate: col('id').isNotNull().node, action: 'fail' },
      ],
    })),
    path: '$.flows[1].expectations[1].name',
  },
  {
    code: 'duplicate_field',
    bad: () => replaceDataset(basePipeline(), 'clean', (d) => ({ ...d, schema: [{ name: 'id', type: 'int64' }, { name: 'id', type: 'utf8' }] })),
    good: () => basePipeline(),
    path: '$.datasets[1].schema[1].name',
  },
  {
    code: 'duplicate_field',
    bad: () => replaceFlow(basePipeline(), 'raw', (f) => ({ ...f, query: readFiles('csv', 'in.csv', { schema: [{ name: 'a', type: 'utf8' }, { name: 'a', type: 'utf8' }] }).node })),
    good: () => replaceFlow(basePipeline(), 'raw', (f) => ({ ...f, query: readFiles('csv', 'in.csv', { schema: [{ name: 'a', type: 'utf8' }, { name: 'b', type: 'utf8' }] }).node })),
    path: '$.flows[0].query.schema[1].name',
  },
  {
    code: 'unknown_partition_column',
    bad: () => replaceDataset(basePipeline(), 'clean', (d) => ({ ...d, partitionColumns: ['day'] })),
    good: () => replaceDataset(basePipeline(), 'clean', (d) => ({ ...d, partitionColumns: ['id'] })),
    path: '$.datasets[1].partitionColumns[0]',
  },
  {
    code: 'sink_without_location',
    bad: () => withFlows(withDatasets(basePipeline(), { name: 'out', type: 'sink', format: 'csv' }), { name: 'out', target: 'out', kind: 'batch', query: from('totals').node }),
    good: () => withFlows(withDatasets(basePipeline(), { name: 'out', type: 'sink', format: 'csv', location: 'o/' }), { name: 'out', target: 'out', kind: 'batch', query: from('totals').node }),
  },
  {
    code: 'sink_without_format',
    bad: () => withFlows(withDatasets(basePipeline(), { name: 'out', type: 'sink', location: 'o/' }), { name: 'out', target: 'out', kind: 'batch', query: from('totals').node }),
    good: () => withFlows(withDatasets(basePipeline(), { name: 'out', type: 'sink', format: 'json', location: 'o/' }), { name: 'out', target: 'out', kind: 'batch', query: from('totals').node }),
  },
  {
    code: 'unknown_function',
    bad: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: from('raw').select(col('id'), call('soundex', col('id')).as('h')).node })),
    good: () => basePipeline(),
  },
  {
    code: 'function_arity',
    bad: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: from('raw').filter(call('starts_with', col('id'))).node })),
    good: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: from('raw').filter(call('starts_with', col('id'), 'x')).node })),
    path: '$.flows[1].query.condition',
  },
  {
    code: 'aggregate_outside_aggregation',
    bad: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: from('raw').filter(sum('amount').gt(1)).node })),
    good: () => basePipeline(),
    path: '$.flows[1].query.condition.left',
  },
  {
    code: 'window_function_outside_window',
    bad: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: from('raw').select(rowNumber().over({ orderBy: ['id'] }).as('rn')).node })),
    good: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: from('raw').window(rowNumber().over({ orderBy: ['id'] }).as('rn')).node })),
  },
  {
    code: 'window_function_outside_window',
    bad: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: from('raw').window(rowNumber().as('rn')).node })),
    good: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: from('raw').window(count().over({ partitionBy: ['id'] }).as('n')).node })),
  },
  {
    code: 'unnamed_column',
    bad: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: from('raw').select(col('id'), col('amount').mul(2)).node })),
    good: () => replaceFlow(basePipeline(), 'clean', (f) => ({ ...f, query: from('raw').select(col('id').cast('utf8'), col('amount').mul(2).as('double')).node })),
    path: '$.flows[1].query.columns[1]',
  },
  {
    code: 'unnamed_column',
    bad: () => replaceFlow(basePipeline(), 'totals', (f) => ({ ...f, query: from('clean').groupBy(col('id').mod(2)).agg(sum('amount')).node })),
    good: () => replaceFlow(basePipeline(), 'totals', (f) => ({ ...f, query: from('clean').groupBy(col('id').mod(2).as('parity')).agg(sum('amount').as('s')).node })),
    path: '$.flows[2].query.groupBy[0]',
  },
];

describe('graph validation rules', () => {
  it('accepts the base pipelines', () => {
    expect(validatePipeline(basePipeline())).toEqual([]);
    expect(validatePipeline(streamingPipeline())).toEqual([]);
  });

  for (const [i, rule] of CASES.entries()) {
    describe(`${rule.code} #${i}`, () => {
      it('reports the bad case', () => {
        const issues = validatePipeline(rule.bad());
        const matching = issues.filter((x) => x.code === rule.code);
        expect(matching, JSON.stringify(issues, null, 2)).not.toHaveLength(0);
        if (rule.path !== undefined) expect(matching.map((x) => x.path)).toContain(rule.path);
        for (const found of matching) expect(found.message.length).toBeGreaterThan(20);
      });
      it('accepts the good case', () => {
        expect(validatePipeline(rule.good()).map((x) => x.code)).not.toContain(rule.code);
      });
    });
  }

  it('every issue code that the graph rules can produce has a case', () => {
    const graphCodes: ValidationIssueCode[] = [
      'duplicate_dataset', 'duplicate_flow', 'duplicate_field', 'duplicate_expectation', 'unknown_target', 'unknown_read',
      'read_from_sink', 'cycle', 'dataset_without_flow', 'multiple_flows_into_view', 'streaming_into_materialized_view',
      'append_once_into_non_table', 'cdc_without_spec', 'cdc_without_keys', 'cdc_spec_on_non_cdc_flow', 'cdc_into_non_table',
      'cdc_columns_conflict', 'window_without_event_time', 'window_zero_duration', 'window_slide_longer_than_size', 'append_without_watermark', 'streaming_option_on_batch_flow',
      'complete_without_aggregation', 'unknown_partition_column', 'unknown_schema_column', 'sink_without_location',
      'sink_without_format', 'unknown_function', 'function_arity', 'aggregate_outside_aggregation', 'window_function_outside_window',
      'unnamed_column',
    ];
    expect(new Set(CASES.map((c) => c.code))).toEqual(new Set(graphCodes));
  });

  it('reports every problem together, not just the first', () => {
    const broken: Pipeline = {
      ...basePipeline(),
      datasets: [...basePipeline().datasets, { name: 'clean', type: 'table' }, { name: 'orphan', type: 'materialized_view' }],
      flows: [
        ...basePipeline().flows,
        { name: 'lost', target: 'nowhere', kind: 'batch', query: from('ghost').node },
      ],
    };
    const codes = validatePipeline(broken).map((x) => x.code);
    expect(codes).toEqual(expect.arrayContaining(['duplicate_dataset', 'dataset_without_flow', 'unknown_target', 'unknown_read']));
  });

  it('names the cycle', () => {
    const cyclic: Pipeline = {
      version: 1,
      name: 'loop',
      datasets: [{ name: 'a', type: 'table' }, { name: 'b', type: 'table' }, { name: 'c', type: 'table' }],
      flows: [
        { name: 'a', target: 'a', kind: 'batch', query: from('c').node },
        { name: 'b', target: 'b', kind: 'batch', query: from('a').node },
        { name: 'c', target: 'c', kind: 'batch', query: from('b').node },
      ],
    };
    const cycles = validatePipeline(cyclic).filter((x) => x.code === 'cycle');
    expect(cycles).toHaveLength(1);
    expect(cycles[0]?.message).toContain('a → b → c → a');
  });
});
