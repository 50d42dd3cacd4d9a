import { type Field, col, from, pipeline, readFiles } from '@thund/ir';
import type { ConformanceCase } from '../conformance-case.js';

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
];
