import { type Field, call, col, from, lit, pipeline, readFiles } from '@thund/ir';
import type { ConformanceCase } from '../conformance-case.js';
import { EVENTS_JSONL, EVENTS_SCHEMA } from './nested-cases.js';

const files = { 'events.jsonl': EVENTS_JSONL };
const events = (path: (p: string) => string) => readFiles('json', path('events.jsonl'), { schema: EVENTS_SCHEMA });

/** JSON documents held in a string column: nested, invalid, of another shape, with values of the wrong type. */
const DOCS_JSONL = [
  { id: 1, doc: '{"a": {"b": [1, 2.50]}, "s": "x\\ny", "n": 7, "t": true, "m": {"k": 1, "j": 2}}' },
  { id: 2, doc: '{"a": {"b": []}, "s": null, "n": "7", "t": "true", "m": {"k": "v"}}' },
  { id: 3, doc: 'not json' },
  { id: 4, doc: '[1, 2]' },
  { id: 5, doc: null },
  { id: 6, doc: '{"a": {"b": [1, "x"]}, "n": 1.5, "a b": [{"c": 5}]}' },
].map((row) => JSON.stringify(row)).join('\n');

const DOCS_SCHEMA: readonly Field[] = [{ name: 'id', type: 'int64' }, { name: 'doc', type: 'utf8' }];

/** Functions of lists, structs, maps and JSON: each against Spark's own results (ANSI mode, Spark 4's default). */
export const NESTED_FUNCTION_CASES: readonly ConformanceCase[] = [
  {
    id: 'nested-functions/collections',
    group: 'nested',
    description: 'array, named_struct, map, size, element_at (1-based, from the end, a missing key), array_contains (NULL when not found beside a NULL), sort_array, array_distinct, flatten (NULL with a NULL inner list), sequence, map_keys, map_values, concat_ws over lists (NULL elements and lists skipped); NULL lists give NULL',
    files,
    pipeline: ({ path }) =>
      pipeline('nested_collections')
        .temporaryView('events', { query: events(path) })
        .materializedView('collections', {
          query: from('events').filter(col('id').in(1, 3, 4)).select(
            'id',
            call('array', col('id'), lit(10), lit(null)).as('arr'),
            call('named_struct', lit('key'), col('id'), lit('first'), call('element_at', col('tags'), 1)).as('st'),
            call('map', lit('k'), col('id')).as('m'),
            call('size', col('tags')).as('n_tags'),
            call('size', col('scores')).as('n_scores'),
            call('element_at', col('tags'), -1).as('last_tag'),
            call('element_at', col('scores'), lit('art')).as('art'),
            call('array_contains', col('tags'), lit('b')).as('has_b'),
            call('array_contains', col('tags'), lit('z')).as('has_z'),
            call('sort_array', col('tags')).as('sorted'),
            call('sort_array', col('tags'), false).as('sorted_desc'),
            call('array_distinct', call('array', lit('b'), lit('a'), lit('b'), lit(null), lit(null))).as('distinct'),
            call('flatten', call('array', col('tags'), call('array', lit('z')))).as('flat'),
            call('sequence', lit(1), col('id')).as('up'),
            call('sequence', col('id'), lit(1)).as('down'),
            call('sequence', lit(0), lit(10), lit(5)).as('stepped'),
            call('map_keys', col('scores')).as('keys'),
            call('map_values', col('scores')).as('values'),
            call('concat_ws', lit('/'), col('tags'), lit('z'), call('array', lit(null), lit('y'))).as('joined'),
          ),
        })
        .build(),
    expected: {
      collections: [
        {
          id: 1, arr: [1, 10, null], st: { key: 1, first: 'a' }, m: [['k', 1]], n_tags: 2, n_scores: 2, last_tag: 'b', art: 75, has_b: true, has_z: false,
          sorted: ['a', 'b'], sorted_desc: ['b', 'a'], distinct: ['b', 'a', null], flat: ['a', 'b', 'z'], up: [1], down: [1], stepped: [0, 5, 10],
          keys: ['math', 'art'], values: [90, 75], joined: 'a/b/z/y',
        },
        {
          id: 3, arr: [3, 10, null], st: { key: 3, first: null }, m: [['k', 3]], n_tags: null, n_scores: null, last_tag: null, art: null, has_b: null, has_z: null,
          sorted: null, sorted_desc: null, distinct: ['b', 'a', null], flat: null, up: [1, 2, 3], down: [3, 2, 1], stepped: [0, 5, 10],
          keys: null, values: null, joined: 'z/y',
        },
        {
          id: 4, arr: [4, 10, null], st: { key: 4, first: 'b' }, m: [['k', 4]], n_tags: 3, n_scores: 1, last_tag: 'c', art: null, has_b: true, has_z: null,
          sorted: [null, 'b', 'c'], sorted_desc: ['c', 'b', null], distinct: ['b', 'a', null], flat: ['b', null, 'c', 'z'], up: [1, 2, 3, 4], down: [4, 3, 2, 1], stepped: [0, 5, 10],
          keys: ['math'], values: [null], joined: 'b/c/z/y',
        },
      ],
    },
  },
  {
    id: 'nested-functions/list-operations',
    group: 'nested',
    description: 'array_max, array_min, array_position (0 when absent), array_remove and array_compact (NULL elements), array_append and array_prepend, array_join (NULLs skipped or replaced), slice (from the start and the end), arrays_overlap (NULL when a NULL leaves it open), array_union, array_intersect and array_except (NULL matching NULL, first-occurrence order), array_repeat, map_contains_key (a key with a NULL value); NULL lists give NULL',
    files,
    pipeline: ({ path }) =>
      pipeline('nested_list_operations')
        .temporaryView('events', { query: events(path) })
        .materializedView('lists', {
          query: from('events').select(
            'id',
            call('array_max', col('tags')).as('max'),
            call('array_min', col('tags')).as('min'),
            call('array_position', col('tags'), lit('b')).as('pos_b'),
            call('array_remove', col('tags'), lit('b')).as('without_b'),
            call('array_compact', col('tags')).as('compact'),
            call('array_append', col('tags'), lit('z')).as('appended'),
            call('array_prepend', col('tags'), lit('z')).as('prepended'),
            call('array_join', col('tags'), lit('/')).as('joined'),
            call('array_join', col('tags'), lit('/'), lit('?')).as('joined_all'),
            call('slice', col('tags'), lit(2), lit(2)).as('second'),
            call('slice', col('tags'), lit(-1), lit(1)).as('last'),
            call('arrays_overlap', col('tags'), call('array', lit('b'), lit('q'))).as('overlaps_bq'),
            call('arrays_overlap', col('tags'), call('array', lit('q'))).as('overlaps_q'),
            call('array_union', col('tags'), call('array', lit('b'), lit('q'), lit(null))).as('united'),
            call('array_intersect', col('tags'), call('array', lit('b'), lit(null))).as('common'),
            call('array_except', col('tags'), call('array', lit('a'), lit('q'))).as('rest'),
            call('map_contains_key', col('scores'), lit('math')).as('has_math'),
            call('array_repeat', col('id'), lit(2)).as('twice'),
          ),
        })
        .build(),
    expected: {
      lists: [
        {
          id: 1, max: 'b', min: 'a', pos_b: 2, without_b: ['a'], compact: ['a', 'b'], appended: ['a', 'b', 'z'], prepended: ['z', 'a', 'b'], joined: 'a/b', joined_all: 'a/b',
          second: ['b'], last: ['b'], overlaps_bq: true, overlaps_q: false, united: ['a', 'b', 'q', null], common: ['b'], rest: ['b'], has_math: true, twice: [1, 1],
        },
        {
          id: 2, max: null, min: null, pos_b: 0, without_b: [], compact: [], appended: ['z'], prepended: ['z'], joined: '', joined_all: '',
          second: [], last: [], overlaps_bq: false, overlaps_q: false, united: ['b', 'q', null], common: [], rest: [], has_math: false, twice: [2, 2],
        },
        {
          id: 3, max: null, min: null, pos_b: null, without_b: null, compact: null, appended: null, prepended: null, joined: null, joined_all: null,
          second: null, last: null, overlaps_bq: null, overlaps_q: null, united: null, common: null, rest: null, has_math: null, twice: [3, 3],
        },
        {
          id: 4, max: 'c', min: 'b', pos_b: 1, without_b: [null, 'c'], compact: ['b', 'c'], appended: ['b', null, 'c', 'z'], prepended: ['z', 'b', null, 'c'], joined: 'b/c', joined_all: 'b/?/c',
          second: [null, 'c'], last: ['c'], overlaps_bq: true, overlaps_q: null, united: ['b', null, 'c', 'q'], common: ['b', null], rest: ['b', null, 'c'], has_math: true, twice: [4, 4],
        },
      ],
    },
  },
  {
    id: 'nested-functions/element-at-zero',
    group: 'nested',
    description: 'element_at of position 0 fails the flow on every backend (Spark: INVALID_INDEX_OF_ZERO)',
    files,
    pipeline: ({ path }) =>
      pipeline('nested_element_at_zero')
        .temporaryView('events', { query: events(path) })
        .materializedView('zero', { query: from('events').select('id', call('element_at', col('tags'), lit(0)).as('t')) })
        .build(),
    status: 'failed',
    failedFlows: { zero: 'THUND_ENGINE' },
    expected: {},
  },
  {
    id: 'nested-functions/collect',
    group: 'nested',
    description: 'collect_list (NULLs skipped; an all-NULL group gives an empty list; sorted here, as its order is the engine\'s) and collect_set (distinct, sorted by Þund on every backend), per group and over everything',
    files,
    pipeline: ({ path }) =>
      pipeline('nested_collect')
        .temporaryView('events', { query: events(path) })
        .temporaryView('tags', { query: from('events').explode(col('tags'), { outer: true, names: ['tag'] }).select('id', 'tag') })
        .materializedView('per_event', {
          query: from('tags').groupBy('id').agg(call('collect_list', col('tag')).as('listed'), call('collect_set', col('tag')).as('tag_set'))
            .select('id', call('sort_array', col('listed')).as('tags'), 'tag_set'),
        })
        .materializedView('overall', {
          query: from('tags').agg(call('collect_set', col('tag')).as('all_tags'), call('collect_list', col('tag')).as('listed')).select('all_tags', call('size', col('listed')).as('n')),
        })
        .build(),
    expected: {
      per_event: [
        { id: 1, tags: ['a', 'b'], tag_set: ['a', 'b'] },
        { id: 2, tags: [], tag_set: [] },
        { id: 3, tags: [], tag_set: [] },
        { id: 4, tags: ['b', 'c'], tag_set: ['b', 'c'] },
      ],
      overall: [{ all_tags: ['a', 'b', 'c'], n: 4 }],
    },
  },
  {
    id: 'nested-functions/split',
    group: 'nested',
    description: 'split by a regular expression keeps empty strings (trailing ones too), splits into characters by an empty pattern, and indexes as a list (the census\'s split(x, \',\')[n])',
    files: { 'paths.jsonl': ['a,b,,c,', '', 'x1y22z', null].map((s, i) => JSON.stringify({ id: i + 1, s })).join('\n') },
    pipeline: ({ path }) =>
      pipeline('nested_split')
        .materializedView('parts', {
          query: readFiles('json', path('paths.jsonl'), { schema: [{ name: 'id', type: 'int64' }, { name: 's', type: 'utf8' }] }).select(
            'id',
            call('split', col('s'), lit(',')).as('by_comma'),
            call('split', col('s'), lit('[0-9]+')).as('by_digits'),
            call('split', col('s'), lit('')).as('chars'),
            call('element_at', call('split', col('s'), lit(',')), 1).as('first'),
          ),
        })
        .build(),
    expected: {
      parts: [
        { id: 1, by_comma: ['a', 'b', '', 'c', ''], by_digits: ['a,b,,c,'], chars: ['a', ',', 'b', ',', ',', 'c', ','], first: 'a' },
        { id: 2, by_comma: [''], by_digits: [''], chars: [''], first: '' },
        { id: 3, by_comma: ['x1y22z'], by_digits: ['x', 'y', 'z'], chars: ['x', '1', 'y', '2', '2', 'z'], first: 'x1y22z' },
        { id: 4, by_comma: null, by_digits: null, chars: null, first: null },
      ],
    },
  },
  {
    id: 'nested-functions/json',
    group: 'nested',
    description: 'get_json_object (strings unquoted, containers as compact JSON, NULL for invalid JSON or a missing path), from_json (PERMISSIVE: a value of the wrong type NULL, invalid JSON a struct of NULLs), to_json (NULL struct fields left out)',
    files: { 'docs.jsonl': DOCS_JSONL, 'events.jsonl': EVENTS_JSONL },
    pipeline: ({ path }) =>
      pipeline('nested_json_functions')
        .temporaryView('docs', { query: readFiles('json', path('docs.jsonl'), { schema: DOCS_SCHEMA }) })
        .materializedView('extracted', {
          query: from('docs').select(
            'id',
            call('get_json_object', col('doc'), lit('$.a')).as('a'),
            call('get_json_object', col('doc'), lit('$.a.b[1]')).as('b1'),
            call('get_json_object', col('doc'), lit('$.s')).as('s'),
            call('get_json_object', col('doc'), lit("$['a b'][0].c")).as('c'),
            call('get_json_object', col('doc'), lit('$[1]')).as('second'),
          ),
        })
        .materializedView('parsed', {
          query: from('docs').select(
            'id',
            call('from_json', col('doc'), lit(null, {
              type: 'struct',
              fields: [
                { name: 'a', type: { type: 'struct', fields: [{ name: 'b', type: { type: 'list', element: 'int32' } }] } },
                { name: 's', type: 'utf8' },
                { name: 'n', type: 'int64' },
                { name: 't', type: 'bool' },
                { name: 'm', type: { type: 'map', key: 'utf8', value: 'int32' } },
              ],
            })).as('p'),
            call('from_json', col('doc'), lit(null, { type: 'list', element: 'int32' })).as('ints'),
          ),
        })
        .materializedView('written', {
          query: readFiles('json', path('events.jsonl'), {
            schema: [{ name: 'id', type: 'int64' }, { name: 'user', type: EVENTS_SCHEMA[1]?.type ?? 'utf8' }, { name: 'tags', type: EVENTS_SCHEMA[2]?.type ?? 'utf8' }, { name: 'scores', type: EVENTS_SCHEMA[3]?.type ?? 'utf8' }],
          }).select('id', call('to_json', col('user')).as('user'), call('to_json', col('tags')).as('tags'), call('to_json', col('scores')).as('scores')),
        })
        .build(),
    expected: {
      extracted: [
        { id: 1, a: '{"b":[1,2.5]}', b1: '2.5', s: 'x\ny', c: null, second: null },
        { id: 2, a: '{"b":[]}', b1: null, s: null, c: null, second: null },
        { id: 3, a: null, b1: null, s: null, c: null, second: null },
        { id: 4, a: null, b1: null, s: null, c: null, second: '2' },
        { id: 5, a: null, b1: null, s: null, c: null, second: null },
        { id: 6, a: '{"b":[1,"x"]}', b1: 'x', s: null, c: '5', second: null },
      ],
      parsed: [
        { id: 1, p: { a: { b: null }, s: 'x\ny', n: 7, t: true, m: [['k', 1], ['j', 2]] }, ints: null },
        { id: 2, p: { a: { b: [] }, s: null, n: null, t: null, m: null }, ints: null },
        { id: 3, p: { a: null, s: null, n: null, t: null, m: null }, ints: null },
        { id: 4, p: { a: null, s: null, n: null, t: null, m: null }, ints: [1, 2] },
        { id: 5, p: null, ints: null },
        { id: 6, p: { a: { b: null }, s: null, n: null, t: null, m: null }, ints: null },
      ],
      written: [
        { id: 1, user: '{"name":"ada","address":{"city":"Oslo","zip":"0150"}}', tags: '["a","b"]', scores: '{"math":90,"art":75}' },
        { id: 2, user: '{"name":"bob"}', tags: '[]', scores: '{}' },
        { id: 3, user: null, tags: null, scores: null },
        { id: 4, user: '{"name":"cy","address":{"city":"Lima"}}', tags: '["b",null,"c"]', scores: '{"math":null}' },
      ],
    },
  },
];
