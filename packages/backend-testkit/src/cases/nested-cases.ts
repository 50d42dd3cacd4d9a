import { type Field, col, from, pipeline, readFiles } from '@thund/ir';
import type { ConformanceCase } from '../conformance-case.js';
import { EVENTS_PARQUET } from './nested-parquet.js';

/**
 * Events with nested values: a struct holding a struct, a list of strings,
 * a map, a list of structs; empty and NULL at each level.
 */
export const EVENTS_JSONL = [
  { id: 1, user: { name: 'ada', address: { city: 'Oslo', zip: '0150' } }, tags: ['a', 'b'], scores: { math: 90, art: 75 }, items: [{ sku: 'x', qty: 2 }, { sku: 'y', qty: 1 }] },
  { id: 2, user: { name: 'bob', address: null }, tags: [], scores: {}, items: [] },
  { id: 3, user: null, tags: null, scores: null, items: null },
  { id: 4, user: { name: 'cy', address: { city: 'Lima', zip: null } }, tags: ['b', null, 'c'], scores: { math: null }, items: [{ sku: 'x', qty: 5 }, null] },
].map((row) => JSON.stringify(row)).join('\n');

const STRING = 'utf8' as const;

export const EVENTS_SCHEMA: readonly Field[] = [
  { name: 'id', type: 'int64' },
  {
    name: 'user',
    type: {
      type: 'struct',
      fields: [
        { name: 'name', type: STRING },
        { name: 'address', type: { type: 'struct', fields: [{ name: 'city', type: STRING }, { name: 'zip', type: STRING }] } },
      ],
    },
  },
  { name: 'tags', type: { type: 'list', element: STRING } },
  { name: 'scores', type: { type: 'map', key: STRING, value: 'int64' } },
  { name: 'items', type: { type: 'list', element: { type: 'struct', fields: [{ name: 'sku', type: STRING }, { name: 'qty', type: 'int64' }] } } },
];

/** The events as every backend reads them back (maps as [key, value] pairs, the `@thund/arrow-rows` rule). */
const EVENT_ROWS = [
  {
    id: 1, user: { name: 'ada', address: { city: 'Oslo', zip: '0150' } }, tags: ['a', 'b'], scores: [['math', 90], ['art', 75]],
    items: [{ sku: 'x', qty: 2 }, { sku: 'y', qty: 1 }],
  },
  { id: 2, user: { name: 'bob', address: null }, tags: [], scores: [], items: [] },
  { id: 3, user: null, tags: null, scores: null, items: null },
  { id: 4, user: { name: 'cy', address: { city: 'Lima', zip: null } }, tags: ['b', null, 'c'], scores: [['math', null]], items: [{ sku: 'x', qty: 5 }, null] },
];

const files = { 'events.jsonl': EVENTS_JSONL };
const events = (path: (p: string) => string) => readFiles('json', path('events.jsonl'), { schema: EVENTS_SCHEMA });

/** Structs, lists and maps: read from files by a declared schema, stored, read back. */
export const NESTED_CASES: readonly ConformanceCase[] = [
  {
    id: 'nested/json-declared-schema',
    group: 'nested',
    description: 'JSON with a struct in a struct, a list, a map and a list of structs, read by a declared schema (empty and NULL at every level) and stored as they are',
    files,
    pipeline: ({ path }) => pipeline('nested_json').materializedView('events', { query: events(path) }).build(),
    expected: { events: EVENT_ROWS },
  },
  {
    id: 'nested/field-and-subscript',
    group: 'nested',
    description: "struct fields (two deep, of a NULL struct), list elements by 0-based position (a NULL element, a NULL list), map values by key (a NULL value, a missing key), a field of a list's element",
    files,
    pipeline: ({ path }) =>
      pipeline('nested_access')
        .temporaryView('events', { query: events(path) })
        .materializedView('picked', {
          query: from('events').filter(col('id').in(1, 3, 4)).select(
            'id',
            col('user').getField('name'),
            col('user').getField('address').getField('CITY'),
            col('tags').getItem(0).as('first_tag'),
            col('tags').getItem(1).as('second_tag'),
            col('scores').getItem('math').as('math'),
            col('scores').getItem('art').as('art'),
            col('items').getItem(0).getField('qty').as('first_qty'),
          ),
        })
        .build(),
    expected: {
      picked: [
        { id: 1, name: 'ada', CITY: 'Oslo', first_tag: 'a', second_tag: 'b', math: 90, art: 75, first_qty: 2 },
        { id: 3, name: null, CITY: null, first_tag: null, second_tag: null, math: null, art: null, first_qty: null },
        { id: 4, name: 'cy', CITY: 'Lima', first_tag: 'b', second_tag: null, math: null, art: null, first_qty: 5 },
      ],
    },
  },
  {
    id: 'nested/list-position-out-of-range',
    group: 'nested',
    description: "a list position past a list's end fails the flow, as Spark's ANSI mode does (DuckDB alone would give NULL)",
    files,
    pipeline: ({ path }) =>
      pipeline('nested_out_of_range')
        .temporaryView('events', { query: events(path) })
        .materializedView('third_tags', { query: from('events').select('id', col('tags').getItem(2).as('third')) })
        .build(),
    status: 'failed',
    failedFlows: { third_tags: 'THUND_ENGINE' },
    expected: {},
  },
  {
    id: 'nested/explode',
    group: 'nested',
    description: 'explode makes a row per list element (a NULL element too), dropping rows whose list is empty or NULL; explode_outer keeps them once with NULL',
    files,
    pipeline: ({ path }) =>
      pipeline('nested_explode')
        .temporaryView('events', { query: events(path) })
        .materializedView('tags', { query: from('events').explode(col('tags'), { names: ['tag'] }).select('id', 'tag') })
        .materializedView('tags_outer', { query: from('events').explode(col('tags'), { outer: true, names: ['tag'] }).select('id', 'tag') })
        .build(),
    expected: {
      tags: [{ id: 1, tag: 'a' }, { id: 1, tag: 'b' }, { id: 4, tag: 'b' }, { id: 4, tag: null }, { id: 4, tag: 'c' }],
      tags_outer: [{ id: 1, tag: 'a' }, { id: 1, tag: 'b' }, { id: 2, tag: null }, { id: 3, tag: null }, { id: 4, tag: 'b' }, { id: 4, tag: null }, { id: 4, tag: 'c' }],
    },
  },
  {
    id: 'nested/explode-map-and-posexplode',
    group: 'nested',
    description: "explode of a map makes key and value columns (Spark's names); posexplode numbers list elements from 0 (an INT); posexplode_outer of a map keeps an empty map's row",
    files,
    pipeline: ({ path }) =>
      pipeline('nested_posexplode')
        .temporaryView('events', { query: events(path) })
        .materializedView('scores', { query: from('events').explode(col('scores')).select('id', 'key', 'value') })
        .materializedView('positions', { query: from('events').posexplode(col('tags')).select('id', 'pos', 'col') })
        .materializedView('score_positions', { query: from('events').filter(col('id').lte(2)).posexplode(col('scores'), { outer: true, names: ['n', 'subject', 'score'] }).select('id', 'n', 'subject', 'score') })
        .build(),
    expected: {
      scores: [{ id: 1, key: 'math', value: 90 }, { id: 1, key: 'art', value: 75 }, { id: 4, key: 'math', value: null }],
      positions: [{ id: 1, pos: 0, col: 'a' }, { id: 1, pos: 1, col: 'b' }, { id: 4, pos: 0, col: 'b' }, { id: 4, pos: 1, col: null }, { id: 4, pos: 2, col: 'c' }],
      score_positions: [{ id: 1, n: 0, subject: 'math', score: 90 }, { id: 1, n: 1, subject: 'art', score: 75 }, { id: 2, n: null, subject: null, score: null }],
    },
  },
  {
    id: 'nested/inline',
    group: 'nested',
    description: "inline makes a row per struct of a list, a column per field (a NULL struct a row of NULLs); inline_outer keeps rows with an empty or NULL list",
    files,
    pipeline: ({ path }) =>
      pipeline('nested_inline')
        .temporaryView('events', { query: events(path) })
        .materializedView('items', { query: from('events').inline(col('items')).select('id', 'sku', 'qty') })
        .materializedView('items_outer', { query: from('events').inline(col('items'), { outer: true, names: ['product', 'count'] }).select('id', 'product', 'count') })
        .build(),
    expected: {
      items: [{ id: 1, sku: 'x', qty: 2 }, { id: 1, sku: 'y', qty: 1 }, { id: 4, sku: 'x', qty: 5 }, { id: 4, sku: null, qty: null }],
      items_outer: [
        { id: 1, product: 'x', count: 2 }, { id: 1, product: 'y', count: 1 }, { id: 2, product: null, count: null }, { id: 3, product: null, count: null },
        { id: 4, product: 'x', count: 5 }, { id: 4, product: null, count: null },
      ],
    },
  },
  {
    id: 'nested/parquet-typed-by-file',
    group: 'nested',
    description: "a Parquet file of structs, lists and maps read without a schema (the file's types): stored as they are, its fields, elements and values read, its lists exploded",
    files: { 'events.parquet': EVENTS_PARQUET },
    pipeline: ({ path }) =>
      pipeline('nested_parquet')
        .temporaryView('events', { query: readFiles('parquet', path('events.parquet')) })
        .materializedView('stored', { query: from('events') })
        .materializedView('picked', {
          query: from('events').filter(col('id').in(1, 4)).select('id', col('user').getField('address').getField('city'), col('tags').getItem(0).as('first_tag'), col('scores').getItem('math').as('math')),
        })
        .materializedView('items', { query: from('events').explode(col('items'), { names: ['item'] }).select('id', col('item').getField('sku'), col('item').getField('qty')) })
        .build(),
    expected: {
      stored: EVENT_ROWS,
      picked: [{ id: 1, city: 'Oslo', first_tag: 'a', math: 90 }, { id: 4, city: 'Lima', first_tag: 'b', math: null }],
      items: [{ id: 1, sku: 'x', qty: 2 }, { id: 1, sku: 'y', qty: 1 }, { id: 4, sku: 'x', qty: 5 }, { id: 4, sku: null, qty: null }],
    },
  },
  {
    id: 'nested/parquet-declared-schema',
    group: 'nested',
    description: "the same Parquet file read by a declared schema naming some of its columns, in another order, with the file's nested types",
    files: { 'events.parquet': EVENTS_PARQUET },
    pipeline: ({ path }) =>
      pipeline('nested_parquet_declared')
        .materializedView('events', {
          query: readFiles('parquet', path('events.parquet'), {
            schema: [
              { name: 'items', type: { type: 'list', element: { type: 'struct', fields: [{ name: 'sku', type: STRING }, { name: 'qty', type: 'int64' }] } } },
              { name: 'id', type: 'int64' },
              { name: 'scores', type: { type: 'map', key: STRING, value: 'int64' } },
            ],
          }),
        })
        .build(),
    expected: {
      events: [
        { id: 1, scores: [['math', 90], ['art', 75]], items: [{ sku: 'x', qty: 2 }, { sku: 'y', qty: 1 }] },
        { id: 2, scores: [], items: [] },
        { id: 3, scores: null, items: null },
        { id: 4, scores: [['math', null]], items: [{ sku: 'x', qty: 5 }, null] },
      ],
    },
  },
  {
    id: 'nested/json-inferred',
    group: 'nested',
    description: 'the nested JSON read without a schema: each engine infers structs (also of the map-like objects: the fields seen in any row, missing ones NULL), lists and lists of structs alike',
    files,
    pipeline: ({ path }) =>
      pipeline('nested_json_inferred')
        .temporaryView('raw', { query: readFiles('json', path('events.jsonl')) })
        .materializedView('events', { query: from('raw').select('id', 'user', 'tags', 'scores', 'items') })
        .materializedView('cities', { query: from('raw').filter(col('id').in(1, 2, 4)).select('id', col('user').getField('address').getField('city'), col('scores').getField('math')) })
        .build(),
    expected: {
      events: [
        { id: 1, user: { name: 'ada', address: { city: 'Oslo', zip: '0150' } }, tags: ['a', 'b'], scores: { math: 90, art: 75 }, items: [{ sku: 'x', qty: 2 }, { sku: 'y', qty: 1 }] },
        { id: 2, user: { name: 'bob', address: null }, tags: [], scores: { math: null, art: null }, items: [] },
        { id: 3, user: null, tags: null, scores: null, items: null },
        { id: 4, user: { name: 'cy', address: { city: 'Lima', zip: null } }, tags: ['b', null, 'c'], scores: { math: null, art: null }, items: [{ sku: 'x', qty: 5 }, null] },
      ],
      cities: [{ id: 1, city: 'Oslo', math: 90 }, { id: 2, city: null, math: null }, { id: 4, city: 'Lima', math: null }],
    },
  },
  {
    id: 'nested/explode-over-join',
    group: 'nested',
    description: "a generator over a join: the join's sides stay apart above it (columns both sides have are read by side), the generator reads one side's list",
    files,
    pipeline: ({ path }) =>
      pipeline('nested_explode_join')
        .temporaryView('events', { query: events(path) })
        .temporaryView('names', { query: from('events').select('id', col('user').getField('name')) })
        .materializedView('tagged', {
          query: from('events').join(from('names'), { on: col('id', 'e').eq(col('id', 'n')), leftAlias: 'e', rightAlias: 'n' })
            .explode(col('tags', 'e'), { outer: true, names: ['tag'] })
            .select(col('id', 'e'), col('name', 'n'), 'tag'),
        })
        .build(),
    expected: {
      tagged: [
        { id: 1, name: 'ada', tag: 'a' }, { id: 1, name: 'ada', tag: 'b' }, { id: 2, name: 'bob', tag: null }, { id: 3, name: null, tag: null },
        { id: 4, name: 'cy', tag: 'b' }, { id: 4, name: 'cy', tag: null }, { id: 4, name: 'cy', tag: 'c' },
      ],
    },
  },
];
