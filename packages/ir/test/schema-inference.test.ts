import { describe, expect, it } from 'vitest';
import {
  type Field, type InferredSchema, avg, call, col, count, datasetSchemas, from, lit, pipeline, readFiles, rowNumber, sum, when,
} from '../src/index.js';

// Schema inference (infer/): each plan node's columns and types from declared schemas, read_files schemas and upstream
// flows, with no engine. The conformance suite holds every backend's written schemas to it; these pin the rules.
const ORDERS: readonly Field[] = [
  { name: 'id', type: 'int32' }, { name: 'customer', type: 'utf8' }, { name: 'amount', type: { type: 'decimal', precision: 10, scale: 2 } },
  { name: 'qty', type: 'int64' }, { name: 'ts', type: 'timestamp' }, { name: 'day', type: 'date32' },
];
const CUSTOMERS: readonly Field[] = [{ name: 'customer', type: 'utf8' }, { name: 'score', type: 'float32' }];
const base = () => pipeline('shop')
  .temporaryView('orders', { query: readFiles('json', 'o', { schema: ORDERS }) })
  .temporaryView('customers', { query: readFiles('json', 'c', { schema: CUSTOMERS }) });
const schemaOf = (build: (b: ReturnType<typeof base>) => ReturnType<typeof base>, dataset = 'out'): InferredSchema => datasetSchemas(build(base()).build()).get(dataset);

describe('schema inference', () => {
  it('projections: literals by size, arithmetic by Spark\'s decimal rules, true division a double, casts, CASE', () => {
    expect(schemaOf((b) => b.materializedView('out', {
      query: from('orders').select(
        lit(1).as('small'), lit(3_000_000_000).as('big'), lit(1.5).as('f'), lit('x').as('s'), lit(true).as('b'),
        col('id').add(col('qty')).as('i'), col('amount').add(col('amount')).as('d_add'), col('amount').mul(col('id')).as('d_mul'),
        col('qty').div(2).as('q'), col('amount').cast('float64').as('c'),
        when(col('qty').gt(1), col('id')).otherwise(col('qty')).as('w'), col('id').gt(1).as('p'),
      ),
    }))).toEqual([
      { name: 'small', type: 'int32' }, { name: 'big', type: 'int64' }, { name: 'f', type: 'float64' }, { name: 's', type: 'utf8' }, { name: 'b', type: 'bool' },
      { name: 'i', type: 'int64' }, { name: 'd_add', type: { type: 'decimal', precision: 11, scale: 2 } }, { name: 'd_mul', type: { type: 'decimal', precision: 21, scale: 2 } },
      { name: 'q', type: 'float64' }, { name: 'c', type: 'float64' }, { name: 'w', type: 'int64' }, { name: 'p', type: 'bool' },
    ]);
  });

  it('aggregations and windows: count int64, sum of integers int64 and of decimals ten digits wider, avg a double, ranks int32 (Spark\'s INT)', () => {
    expect(schemaOf((b) => b.materializedView('out', {
      query: from('orders').groupBy('customer').agg(count().as('n'), sum('id').as('s'), sum('amount').as('sa'), avg('qty').as('a'), call('max', col('ts')).as('last')),
    }))).toEqual([
      { name: 'customer', type: 'utf8' }, { name: 'n', type: 'int64' }, { name: 's', type: 'int64' },
      { name: 'sa', type: { type: 'decimal', precision: 20, scale: 2 } }, { name: 'a', type: 'float64' }, { name: 'last', type: 'timestamp' },
    ]);
    expect(schemaOf((b) => b.materializedView('out', { query: from('orders').window(rowNumber().over({ orderBy: ['ts'] }).as('rn')).select('id', 'rn') })))
      .toEqual([{ name: 'id', type: 'int32' }, { name: 'rn', type: 'int32' }]);
  });

  it('joins keep both sides (USING columns once), qualified columns take their side\'s type, unions widen by position', () => {
    expect(schemaOf((b) => b.materializedView('out', { query: from('orders').join(from('customers'), { using: ['customer'] }).select('customer', 'score', 'id') })))
      .toEqual([{ name: 'customer', type: 'utf8' }, { name: 'score', type: 'float32' }, { name: 'id', type: 'int32' }]);
    expect(schemaOf((b) => b.materializedView('out', {
      query: from('orders').join(from('customers'), { leftAlias: 'o', rightAlias: 'c', on: col('customer', 'o').eq(col('customer', 'c')) }).select(col('score', 'c').add(1).as('s')),
    }))).toEqual([{ name: 's', type: 'float32' }]);
    expect(schemaOf((b) => b.materializedView('out', { query: from('orders').select('id', 'day').union(from('orders').select('qty', 'ts')) })))
      .toEqual([{ name: 'id', type: 'int64' }, { name: 'day', type: 'timestamp' }]);
  });

  it('a dataset read downstream has the schema its flows write; a declared schema wins; a file without a schema is unknown', () => {
    const p = base()
      .materializedView('per', { query: from('orders').groupBy('customer').agg(sum('qty').as('total')) })
      .materializedView('out', { query: from('per').select(col('total').mul(2).as('twice')) })
      .materializedView('declared', { schema: [{ name: 'total', type: 'float64' }], query: from('per').select('total') })
      .materializedView('unknown', { query: readFiles('csv', 'x', { options: { header: 'true' } }).select('a') })
      .build();
    const schemas = datasetSchemas(p);
    expect(schemas.get('out')).toEqual([{ name: 'twice', type: 'int64' }]);
    expect(schemas.get('declared')).toEqual([{ name: 'total', type: 'float64' }]);
    expect(schemas.get('unknown')).toEqual([{ name: 'a' }]);
    expect(datasetSchemas(pipeline('p').materializedView('raw', { query: readFiles('csv', 'x') }).build()).get('raw')).toBeUndefined();
  });

  it('a CDC target stores the spec\'s columns, then SCD 2 validity columns of the sequence column\'s type', () => {
    const changes = readFiles('json', 'ch', { schema: [{ name: 'id', type: 'int64' }, { name: 'name', type: 'utf8' }, { name: 'op', type: 'utf8' }, { name: 'seq', type: 'int32' }] });
    const p = pipeline('cdc').table('people').flow('apply', { kind: 'cdc', target: 'people', query: changes, cdc: { keys: ['id'], sequenceBy: 'seq', scdType: 2, exceptColumns: ['op'] } }).build();
    expect(datasetSchemas(p).get('people')).toEqual([
      { name: 'id', type: 'int64' }, { name: 'name', type: 'utf8' }, { name: 'seq', type: 'int32' }, { name: '__START_AT', type: 'int32' }, { name: '__END_AT', type: 'int32' },
    ]);
  });
});
