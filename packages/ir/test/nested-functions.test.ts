import { describe, expect, it } from 'vitest';
import { type Expr, type Field, type Pipeline, call, col, datasetSchemas, from, lit, lookupFunction, parseJsonPath, pipeline, readFiles, validatePipeline } from '../src/index.js';

const EVENTS: readonly Field[] = [
  { name: 'id', type: 'int32' },
  { name: 'doc', type: 'utf8' },
  { name: 'tags', type: { type: 'list', element: 'utf8' } },
  { name: 'scores', type: { type: 'map', key: 'utf8', value: 'int64' } },
  { name: 'lines', type: { type: 'list', element: { type: 'struct', fields: [{ name: 'sku', type: 'utf8' }, { name: 'qty', type: 'int32' }] } } },
];

const withColumns = (...columns: readonly Expr[]): Pipeline =>
  pipeline('nested_functions')
    .temporaryView('events', { query: readFiles('json', 'events.jsonl', { schema: EVENTS }) })
    .materializedView('out', { query: from('events').select(...columns) })
    .build();

const typesOf = (...columns: readonly Expr[]) => datasetSchemas(withColumns(...columns)).get('out')?.map((f) => f.type);
const refusals = (...columns: readonly Expr[]) => validatePipeline(withColumns(...columns)).map((i) => [i.code, i.message]);

describe('the nested function family: Spark\'s result types', () => {
  it('constructors take their arguments\' (common) types', () => {
    expect(typesOf(
      call('array', col('id'), lit(2_147_483_648)).as('a'),
      call('named_struct', lit('k'), col('id'), lit('t'), col('tags')).as('s'),
      call('map', lit('k'), col('id'), lit('j'), lit(null)).as('m'),
    )).toEqual([
      { type: 'list', element: 'int64' },
      { type: 'struct', fields: [{ name: 'k', type: 'int32' }, { name: 't', type: { type: 'list', element: 'utf8' } }] },
      { type: 'map', key: 'utf8', value: 'int32' },
    ]);
  });

  it('collection functions, aggregates and JSON', () => {
    expect(typesOf(
      call('size', col('scores')).as('n'),
      call('element_at', col('tags'), 1).as('t'),
      call('element_at', col('scores'), lit('k')).as('v'),
      call('flatten', call('array', col('tags'), col('tags'))).as('f'),
      call('sequence', lit(1), col('id')).as('q'),
      call('map_keys', col('scores')).as('ks'),
      call('split', col('doc'), lit(',')).as('parts'),
      call('from_json', col('doc'), lit(null, { type: 'list', element: 'int64' })).as('j'),
      call('to_json', col('tags')).as('text'),
      col('lines').getField('sku').as('skus'),
    )).toEqual([
      'int32', 'utf8', 'int64', { type: 'list', element: 'utf8' }, { type: 'list', element: 'int32' }, { type: 'list', element: 'utf8' },
      { type: 'list', element: 'utf8' }, { type: 'list', element: 'int64' }, 'utf8', { type: 'list', element: 'utf8' },
    ]);
  });

  it('refuse arguments of the wrong shape and forms engines read differently, saying why', () => {
    expect(refusals(
      call('size', col('id')).as('a'),
      call('named_struct', lit('k'), col('id'), lit('K'), col('id')).as('b'),
      call('split', col('doc'), lit('(?<=a),')).as('c'),
      call('get_json_object', col('doc'), lit('$.a[*]')).as('d'),
      call('to_json', col('id')).as('e'),
      call('from_json', col('doc'), lit('a INT')).as('f'),
      call('sort_array', call('array', col('tags'))).as('g'),
      call('sequence', lit(1), lit(9), lit(1.5)).as('h'),
    ).map(([code, message]) => `${code}: ${message}`)).toEqual([
      'function_argument: flow "out": size: argument 1 must be a list or a map, not int32',
      'function_argument: flow "out": named_struct: field "K" is named twice: give each field its own name',
      'function_argument: flow "out": split: the pattern "(?<=a)," uses lookaround ((?=…), (?!…), (?<=…), (?<!…)), which DuckDB\'s RE2 does not read as Spark\'s Java regular expressions do: rewrite it without',
      'function_argument: flow "out": get_json_object: the path "$.a[*]" is not supported: write $ followed by .name, [\'name\'] or [n] steps (wildcards [*], recursive descent .. and filters are not portable)',
      'function_argument: flow "out": to_json: argument 1 must be a struct, list or map, not int32',
      'function_argument: flow "out": from_json: the schema (argument 2) must be a struct, list or map type: in SQL a DDL string (\'a INT, b ARRAY<STRING>\'), in a plan a NULL literal of that type',
      'function_argument: flow "out": sort_array: argument 1\'s elements are list<utf8>: Þund sorts and compares lists of plain values only',
      'function_argument: flow "out": sequence: the step must be an integer, not float64',
    ]);
  });

  it('describes each function once, with Spark\'s aliases', () => {
    expect(lookupFunction('size')?.aliases).toEqual(['cardinality', 'array_size']);
    expect(lookupFunction('collect_list')?.aliases).toEqual(['array_agg']);
    expect(parseJsonPath("$.a['b c'][0]")).toEqual([{ name: 'a' }, { name: 'b c' }, { index: 0 }]);
  });
});
