import fc from 'fast-check';
import type { FunctionInputs } from './function-signatures.js';

/**
 * How the function differential tests the nested family. Its generator
 * makes flat columns only, so the functions that take a list, struct or
 * map (and `sequence`, whose random bounds make lists of millions of
 * elements, `map`, whose random keys repeat, and `collect_list`, whose
 * order is the engine's) are tested by the `nested/*` conformance cases
 * instead (`signatures: []`).
 */
export const NESTED_FUNCTION_INPUTS = {
  array: {},
  named_struct: { literals: { 0: ['a'] }, arities: [2] },
  map: { signatures: [] },
  size: { signatures: [] },
  array_contains: { signatures: [] },
  element_at: { signatures: [] },
  sort_array: { signatures: [] },
  array_distinct: { signatures: [] },
  flatten: { signatures: [] },
  sequence: { signatures: [] },
  array_max: { signatures: [] },
  array_min: { signatures: [] },
  array_position: { signatures: [] },
  array_remove: { signatures: [] },
  array_compact: { signatures: [] },
  array_append: { signatures: [] },
  array_prepend: { signatures: [] },
  array_join: { signatures: [] },
  slice: { signatures: [] },
  arrays_overlap: { signatures: [] },
  array_union: { signatures: [] },
  array_intersect: { signatures: [] },
  array_except: { signatures: [] },
  array_repeat: { types: { 1: ['int32'] }, values: { 1: fc.option(fc.integer({ min: -2, max: 5 }), { nil: null }) }, edges: { 1: [null, -1, 0, 1, 3] } },
  map_contains_key: { signatures: [] },
  map_keys: { signatures: [] },
  map_values: { signatures: [] },
  split: { literals: { 1: [',', '[0-9]+', ''], 2: [-1, 0] } },
  collect_list: { signatures: [] },
  collect_set: {},
  from_json: { signatures: [] },
  to_json: { signatures: [] },
  get_json_object: { literals: { 1: ['$', '$.a', "$['a b'][0]"] } },
} as const satisfies Readonly<Record<string, FunctionInputs>>;
