import { describe, expect, it } from 'vitest';
import { type Expr, type Field, type Pipeline, col, datasetSchemas, from, lit, pipeline, readFiles, safeParsePipeline, serializePipeline, validatePipeline } from '../src/index.js';

const EVENTS: readonly Field[] = [
  { name: 'id', type: 'int64' },
  { name: 'user', type: { type: 'struct', fields: [{ name: 'name', type: 'utf8' }, { name: 'address', type: { type: 'struct', fields: [{ name: 'city', type: 'utf8' }] } }] } },
  { name: 'tags', type: { type: 'list', element: 'utf8' } },
  { name: 'scores', type: { type: 'map', key: 'utf8', value: 'int64' } },
  { name: 'items', type: { type: 'list', element: { type: 'struct', fields: [{ name: 'sku', type: 'utf8' }, { name: 'qty', type: 'int32' }] } } },
];

const withQuery = (...columns: readonly Expr[]): Pipeline =>
  pipeline('nested')
    .temporaryView('events', { query: readFiles('json', 'events.jsonl', { schema: EVENTS }) })
    .materializedView('out', { query: from('events').select(...columns) })
    .build();

const issues = (p: Pipeline) => validatePipeline(p).map((i) => [i.code, i.path, i.message]);

describe('field access and subscripts in plans', () => {
  it('infer the field, element and value types; a field is named by its field', () => {
    const p = withQuery(
      col('user').getField('address').getField('CITY'),
      col('tags').getItem(0).as('first_tag'),
      col('scores').getItem('math').as('math'),
      col('items').getItem(1).getField('qty'),
    );
    expect(issues(p)).toEqual([]);
    expect(datasetSchemas(p).get('out')).toEqual([
      { name: 'CITY', type: 'utf8' },
      { name: 'first_tag', type: 'utf8' },
      { name: 'math', type: 'int64' },
      { name: 'qty', type: 'int32' },
    ]);
  });

  it('round-trip through the document', () => {
    const p = withQuery(col('items').getItem(lit(0)).getField('sku'));
    const back = safeParsePipeline(JSON.parse(serializePipeline(p)));
    expect(back.ok ? back.pipeline.flows[1]?.query : back.error).toEqual(p.flows[1]?.query);
  });

  it('refuse a field the struct lacks, naming its fields and the closest one', () => {
    expect(issues(withQuery(col('user').getField('nmae')))).toEqual([
      ['unknown_field', '$.flows[1].query.columns[0].name', 'flow "out": the struct has no field "nmae" (did you mean "name"?): its fields are "name", "address"'],
    ]);
  });

  it('refuse a field of a non-struct and a subscript of a non-list, non-map, saying what to write', () => {
    expect(issues(withQuery(col('tags').getField('x'), col('id').getItem(0).as('i'), col('user').getItem('name').as('n')))).toEqual([
      ['nested_access', '$.flows[1].query.columns[0]', 'flow "out": ".x" reads a field of a struct, but it is applied to list<utf8>: to read one of its elements, use a subscript ([…])'],
      ['nested_access', '$.flows[1].query.columns[1].expr', 'flow "out": a subscript ([…]) reads an element of a list or a value of a map, but it is applied to int64'],
      ['nested_access', '$.flows[1].query.columns[2].expr', 'flow "out": a subscript ([…]) reads an element of a list or a value of a map, but it is applied to struct<name: utf8, address: struct<city: utf8>>: to read a field of a struct, use .name'],
    ]);
  });

  it('refuse a list position that is no integer and a map key of another type', () => {
    expect(issues(withQuery(col('tags').getItem('0').as('t'), col('scores').getItem(1).as('s')))).toEqual([
      ['nested_access', '$.flows[1].query.columns[0].expr.index', 'flow "out": a list\'s subscript is a 0-based position, an integer, but it is utf8: cast it to an integer type'],
      ['nested_access', '$.flows[1].query.columns[1].expr.index', 'flow "out": the map\'s keys are utf8, but its subscript is int32: cast the key to utf8'],
    ]);
  });
});
