import { type Field, pipeline, readFiles } from '@thund/ir';
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
];
