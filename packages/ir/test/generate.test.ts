import { describe, expect, it } from 'vitest';
import { type Field, type Frame, type Pipeline, col, datasetSchemas, from, parsePipeline, pipeline, readFiles, serializePipeline, validatePipeline } from '../src/index.js';

const EVENTS: readonly Field[] = [
  { name: 'id', type: 'int64' },
  { name: 'tags', type: { type: 'list', element: 'utf8' } },
  { name: 'scores', type: { type: 'map', key: 'utf8', value: 'int64' } },
  { name: 'items', type: { type: 'list', element: { type: 'struct', fields: [{ name: 'sku', type: 'utf8' }, { name: 'qty', type: 'int32' }] } } },
];

const over = (query: (events: Frame) => Frame): Pipeline =>
  pipeline('generators')
    .temporaryView('events', { query: readFiles('json', 'events.jsonl', { schema: EVENTS }) })
    .materializedView('out', { query: query(from('events')) })
    .build();

const outSchema = (p: Pipeline) => datasetSchemas(p).get('out')?.map((f) => [f.name, f.type]);
const issues = (p: Pipeline) => validatePipeline(p).map((i) => [i.code, i.path, i.message]);

describe('generate nodes (explode, posexplode, inline)', () => {
  it("add Spark's columns after the input's: col; key and value; pos first; a struct's fields", () => {
    const input = [['id', 'int64'], ['tags', EVENTS[1]?.type], ['scores', EVENTS[2]?.type], ['items', EVENTS[3]?.type]];
    expect(outSchema(over((e) => e.explode(col('tags'))))).toEqual([...input, ['col', 'utf8']]);
    expect(outSchema(over((e) => e.explode(col('scores'), { outer: true })))).toEqual([...input, ['key', 'utf8'], ['value', 'int64']]);
    expect(outSchema(over((e) => e.posexplode(col('tags'), { names: ['i', 'tag'] })))).toEqual([...input, ['i', 'int32'], ['tag', 'utf8']]);
    expect(outSchema(over((e) => e.inline(col('items'))))).toEqual([...input, ['sku', 'utf8'], ['qty', 'int32']]);
    expect(issues(over((e) => e.inline(col('items')).select('id', 'sku')))).toEqual([]);
  });

  it('round-trip through the document', () => {
    const p = over((e) => e.posexplode(col('scores'), { outer: true, names: ['p', 'k', 'v'] }));
    expect(parsePipeline(serializePipeline(p)).flows[1]?.query).toEqual(p.flows[1]?.query);
  });

  it('refuse a value the generator does not take, a wrong number of names, and a generated name the input has', () => {
    expect(issues(over((e) => e.explode(col('id'))))).toEqual([
      ['generator_input', '$.flows[1].query.expr', 'flow "out": explode takes a list or a map, but it is given int64'],
    ]);
    expect(issues(over((e) => e.inline(col('tags'), { names: ['x'] })))).toEqual([
      ['generator_input', '$.flows[1].query.expr', 'flow "out": inline takes a list of structs, but it is given list<utf8>'],
    ]);
    expect(issues(over((e) => e.explode(col('scores'), { names: ['k'] })))).toEqual([
      ['generator_input', '$.flows[1].query.names', 'flow "out": explode of map<utf8, int64> makes 2 columns, but 1 name is given (k): name each column once'],
    ]);
    expect(issues(over((e) => e.explode(col('tags'), { names: ['id'] })))).toEqual([
      ['duplicate_output_column', '$.flows[1].query.names', 'flow "out": explode\'s column "id" has the name of a column of its input: name it otherwise (names, or AS in SQL)'],
      ['duplicate_output_column', '$.flows[1].query', 'flow "out" outputs two columns named "id" (id, tags, scores, items, id): select the columns you want and rename one (.as(...))'],
    ]);
  });

  it('without a known input schema, claim no types', () => {
    const p = pipeline('untyped')
      .temporaryView('raw', { query: readFiles('json', 'raw.jsonl') })
      .materializedView('out', { query: from('raw').posexplode(col('m'), { names: ['p', 'k', 'v'] }).select('p', 'k', 'v') })
      .build();
    expect(outSchema(p)).toEqual([['p', undefined], ['k', undefined], ['v', undefined]]);
  });
});
