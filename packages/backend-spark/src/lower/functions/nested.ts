import { type ExprInit, call, literalInt, literalString } from '../expr-init.js';
import { sparkType } from '../spark-types.js';
import { type SparkFunction, as, same } from './spark-function.js';

/** Lists, structs, maps and JSON Spark writes its own way. */
export const SPARK_NESTED = {
  array: same('array'),
  named_struct: same('named_struct'),
  map: same('map'),
  size: same('size'),
  array_contains: same('array_contains'),
  element_at: same('element_at'),
  sort_array: same('sort_array'),
  array_distinct: same('array_distinct'),
  flatten: same('flatten'),
  sequence: same('sequence'),
  array_max: same('array_max'),
  array_min: same('array_min'),
  array_position: same('array_position'),
  array_remove: same('array_remove'),
  array_compact: same('array_compact', '3.4'),
  array_append: same('array_append', '3.4'),
  array_prepend: same('array_prepend', '3.5'),
  array_join: same('array_join'),
  slice: same('slice'),
  arrays_overlap: same('arrays_overlap'),
  array_union: same('array_union'),
  array_intersect: same('array_intersect'),
  array_except: same('array_except'),
  array_repeat: same('array_repeat'),
  map_contains_key: same('map_contains_key', '3.3'),
  map_keys: same('map_keys'),
  map_values: same('map_values'),
  // Without a limit, Spark's split keeps trailing empty strings (-1), as the catalog says.
  split: as((args) => call('split', args.length === 2 ? [...args, literalInt(-1)] : args)),
  collect_list: same('collect_list'),
  // Sorted: Spark's own order is not defined, and every engine must give the same list.
  collect_set: as((args) => call('array_sort', [call('collect_set', args)])),
  // The schema, a typed NULL in the plan, as the DDL string Spark's from_json takes.
  from_json: as((args, nodes) => {
    const schema = nodes[1];
    if (schema?.kind !== 'literal' || schema.type === undefined) throw new TypeError('from_json without a schema type is refused by validation');
    return call('from_json', [args[0] as ExprInit, literalString(sparkType(schema.type))]);
  }),
  to_json: same('to_json'),
  get_json_object: same('get_json_object'),
} satisfies Record<string, SparkFunction>;
