import { type DataType, type Expression, commonType, parseJsonPath } from '@thund/ir';
import { duckdbType } from '../duckdb-types.js';
import { quoteIdentifier, quoteString } from '../sql-text.js';
import { fromJsonSql, toJsonSql } from './json-sql.js';
import { type ArgumentTypes, type Lowering, joinedBy } from './lowering.js';

const kindOf = (type: DataType | undefined): string | undefined => (typeof type === 'object' ? type.type : undefined);

/** The common type of arguments, where every one is known (NULL literals, untyped, take the others'). */
function commonOf(types: ArgumentTypes, nodes: readonly Expression[]): DataType | undefined {
  let result: DataType | undefined;
  for (const [i, type] of types.entries()) {
    const node = nodes[i];
    if (node?.kind === 'literal' && node.value === null && node.type === undefined) continue;
    if (type === undefined) return undefined;
    result = result === undefined ? type : commonType(result, type);
    if (result === undefined) return undefined;
  }
  return result;
}

/** `sql` cast to `type` when known (the catalog's result type, where DuckDB's own would differ). */
const castTo = (sql: string, type: DataType | undefined): string => (type === undefined ? sql : `CAST(${sql} AS ${duckdbType(type)})`);

/** A list's element count: len(); a map's: cardinality() (each refuses the other container when DuckDB binds). */
const sizeOf = (container: string, type: DataType | undefined): string => (kindOf(type) === 'map' ? `cardinality(${container})` : `len(${container})`);

/** Spark's error for a list position outside the list (ANSI), raised where DuckDB would give NULL. */
function outOfRange(index: string, list: string, errorClass: string): string {
  return `error(concat('[${errorClass}] The index ', ${index}, ' is out of bounds. The array has ', len(${list}), ' elements.'))`;
}

/** `element_at(list, i)`: 1-based, negative from the end; 0 and positions past either end fail. */
function elementAtList(list: string, index: string): string {
  return `(CASE WHEN ${index} = 0 THEN error('[INVALID_INDEX_OF_ZERO] The index 0 is invalid. An index shall be either < 0 or > 0 (the first element has index 1).') `
    + `WHEN ${index} > len(${list}) OR -(${index}) > len(${list}) THEN ${outOfRange(index, list, 'INVALID_ARRAY_INDEX_IN_ELEMENT_AT')} `
    + `ELSE list_extract(${list}, ${index}) END)`;
}

/** `sequence(start, stop[, step])` of integers: both ends included; a step of 0 or away from stop fails, as in Spark. */
function integerSequence(start: string, stop: string, step: string | undefined, element: DataType | undefined): string {
  const by = step ?? `(CASE WHEN ${start} <= ${stop} THEN 1 ELSE -1 END)`;
  const series = `generate_series(CAST(${start} AS BIGINT), CAST(${stop} AS BIGINT), CAST(${by} AS BIGINT))`;
  const illegal = step === undefined ? 'FALSE' : `${by} = 0 AND ${start} <> ${stop} OR ${by} > 0 AND ${start} > ${stop} OR ${by} < 0 AND ${start} < ${stop}`;
  const error = `error(concat('Illegal sequence boundaries: ', ${start}, ' to ', ${stop}, ' by ', ${by}))`;
  const list = element === undefined ? series : `CAST(${series} AS ${duckdbType({ type: 'list', element })})`;
  return `(CASE WHEN ${illegal} THEN ${error} ELSE ${list} END)`;
}

/** A sequence of days from start to stop, both included (Spark's default step for dates). */
function dateSequence(start: string, stop: string): string {
  return `CAST(generate_series(CAST(${start} AS TIMESTAMP), CAST(${stop} AS TIMESTAMP), CASE WHEN ${start} <= ${stop} THEN INTERVAL 1 DAY ELSE INTERVAL -1 DAY END) AS DATE[])`;
}

/** A JSONPath Spark's way (`$.a['b c'][0]`) as DuckDB's (`$."b c"`), from the catalog's parse. */
function duckdbJsonPath(path: string): string {
  const steps = parseJsonPath(path) ?? [];
  return `$${steps.map((s) => ('index' in s ? `[${s.index}]` : `."${s.name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join('')}`;
}

const stringOf = (node: Expression | undefined): string | undefined => (node?.kind === 'literal' && typeof node.value === 'string' ? node.value : undefined);

/** Each element of a list where it first occurs (a NULL too), in order. */
function distinctElements(list: string): string {
  return `list_filter(${list}, lambda _x, _i: list_position(${list}, _x) = _i)`;
}

/** Spark's array_join: NULL elements skipped, or replaced when a replacement is given (NULL for a NULL one). */
function arrayJoin(list: string, delimiter: string, replacement: string | undefined): string {
  if (replacement === undefined) return `(CASE WHEN ${list} IS NULL THEN NULL ELSE ${joinedBy(list, delimiter)} END)`;
  return `(CASE WHEN ${list} IS NULL OR ${replacement} IS NULL THEN NULL ELSE ${joinedBy(`list_transform(${list}, _x -> coalesce(_x, ${replacement}))`, delimiter)} END)`;
}

/** Spark's slice: a 1-based start (negative: from the end), 0 or a negative length an error, a start outside the list empty. */
function sliceList(list: string, start: string, length: string): string {
  const from = `(CASE WHEN ${start} > 0 THEN CAST(${start} AS BIGINT) ELSE len(${list}) + ${start} + 1 END)`;
  return `(CASE WHEN ${list} IS NULL OR ${start} IS NULL OR ${length} IS NULL THEN NULL `
    + "WHEN " + start + " = 0 THEN error('[INVALID_PARAMETER_VALUE.START] The value of parameter(s) `start` in `slice` is invalid: Expects a positive or a negative value for `start`, but got 0.') "
    + "WHEN " + length + " < 0 THEN error('[INVALID_PARAMETER_VALUE.LENGTH] The value of parameter(s) `length` in `slice` is invalid: Expects `length` greater than or equal to 0.') "
    + `WHEN ${from} < 1 OR ${from} > len(${list}) THEN list_slice(${list}, 1, 0) ELSE list_slice(${list}, ${from}, ${from} + ${length} - 1) END)`;
}

/** Lists, structs, maps and JSON: Spark's semantics in DuckDB SQL. */
export const NATIVE_NESTED = {
  array: (args, nodes, types) => {
    const element = commonOf(types, nodes);
    return castTo(`list_value(${args.join(', ')})`, element === undefined ? undefined : { type: 'list', element });
  },
  named_struct: (args, nodes) => {
    const fields: string[] = [];
    for (let i = 0; i + 1 < args.length; i += 2) fields.push(`${quoteIdentifier(stringOf(nodes[i]) ?? '')} := ${args[i + 1]}`);
    return `struct_pack(${fields.join(', ')})`;
  },
  map: (args, nodes, types) => {
    const keys = args.filter((_, i) => i % 2 === 0);
    const values = args.filter((_, i) => i % 2 === 1);
    const key = commonOf(types.filter((_, i) => i % 2 === 0), nodes.filter((_, i) => i % 2 === 0));
    const value = commonOf(types.filter((_, i) => i % 2 === 1), nodes.filter((_, i) => i % 2 === 1));
    return castTo(`map([${keys.join(', ')}], [${values.join(', ')}])`, key === undefined || value === undefined ? undefined : { type: 'map', key, value });
  },
  size: ([x], _nodes, types) => `CAST(${sizeOf(x as string, types[0])} AS INTEGER)`,
  // NULL when the list or value is NULL, or when the value is not found and the list holds a NULL (SQL's IN).
  array_contains: ([list, value]) =>
    `(CASE WHEN ${list} IS NULL OR ${value} IS NULL THEN NULL WHEN list_contains(${list}, ${value}) THEN TRUE WHEN list_position(${list}, NULL) IS NOT NULL THEN NULL ELSE FALSE END)`,
  element_at: ([container, key], nodes, types) => {
    const isMap = kindOf(types[0]) === 'map' || (types[0] === undefined && nodes[1]?.kind === 'literal' && typeof nodes[1].value === 'string');
    return isMap ? `map_extract_value(${container}, ${key})` : elementAtList(container as string, key as string);
  },
  sort_array: ([list], nodes) => {
    const ascending = !(nodes[1]?.kind === 'literal' && nodes[1].value === false);
    return `list_sort(${list}, ${ascending ? "'ASC', 'NULLS FIRST'" : "'DESC', 'NULLS LAST'"})`;
  },
  // Each element where it first occurs (list_position finds NULL too): DuckDB's list_distinct neither keeps the order nor a NULL.
  array_distinct: ([list]) => distinctElements(list as string),
  array_max: ([list]) => `list_max(${list})`,
  array_min: ([list]) => `list_min(${list})`,
  array_position: ([list, value]) => `(CASE WHEN ${list} IS NULL OR ${value} IS NULL THEN NULL ELSE CAST(coalesce(list_position(${list}, ${value}), 0) AS BIGINT) END)`,
  array_remove: ([list, value]) => `(CASE WHEN ${value} IS NULL THEN NULL ELSE list_filter(${list}, _x -> _x IS NULL OR _x <> ${value}) END)`,
  array_compact: ([list]) => `list_filter(${list}, _x -> _x IS NOT NULL)`,
  // DuckDB appends to a NULL list as to an empty one; Spark's answer is NULL.
  array_append: ([list, value]) => `(CASE WHEN ${list} IS NULL THEN NULL ELSE list_append(${list}, ${value}) END)`,
  array_prepend: ([list, value]) => `(CASE WHEN ${list} IS NULL THEN NULL ELSE list_prepend(${value}, ${list}) END)`,
  array_join: ([list, delimiter, replacement]) => arrayJoin(list as string, delimiter as string, replacement),
  slice: ([list, start, length]) => sliceList(list as string, start as string, length as string),
  arrays_overlap: ([a, b]) => `(CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL WHEN list_has_any(${a}, ${b}) THEN TRUE `
    + `WHEN len(${a}) > 0 AND len(${b}) > 0 AND (list_position(${a}, NULL) IS NOT NULL OR list_position(${b}, NULL) IS NOT NULL) THEN NULL ELSE FALSE END)`,
  array_union: ([a, b]) => `(CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL ELSE ${distinctElements(`list_concat(${a}, ${b})`)} END)`,
  // list_position finds a NULL element too, so NULL matches NULL as in Spark.
  array_intersect: ([a, b]) => `(CASE WHEN ${b} IS NULL THEN NULL ELSE ${distinctElements(`list_filter(${a}, _y -> list_position(${b}, _y) IS NOT NULL)`)} END)`,
  array_except: ([a, b]) => `(CASE WHEN ${b} IS NULL THEN NULL ELSE ${distinctElements(`list_filter(${a}, _y -> list_position(${b}, _y) IS NULL)`)} END)`,
  array_repeat: ([value, count]) => `(CASE WHEN ${count} IS NULL THEN NULL ELSE list_transform(range(greatest(CAST(${count} AS BIGINT), 0)), _i -> ${value}) END)`,
  map_contains_key: ([map, key]) => `list_contains(map_keys(${map}), ${key})`,
  // DuckDB's flatten skips a NULL inner list, Spark's is NULL.
  flatten: ([lists]) => `(CASE WHEN list_position(${lists}, NULL) IS NOT NULL THEN NULL ELSE flatten(${lists}) END)`,
  sequence: ([start, stop, step], _nodes, types) => {
    const element = types[0] !== undefined && types[1] !== undefined ? commonType(types[0], types[1]) : undefined;
    return element === 'date32' ? dateSequence(start as string, stop as string) : integerSequence(start as string, stop as string, step, element);
  },
  map_keys: ([m]) => `map_keys(${m})`,
  map_values: ([m]) => `map_values(${m})`,
  split: ([text, pattern]) => `regexp_split_to_array(${text}, ${pattern})`,
  collect_list: ([x]) => `coalesce(list(${x}) FILTER (WHERE ${x} IS NOT NULL), [])`,
  // Sorted, so every engine gives the same list (Spark's order is not defined).
  collect_set: ([x]) => `coalesce(list_sort(list_distinct(list(${x}) FILTER (WHERE ${x} IS NOT NULL))), [])`,
  from_json: ([text], nodes) => {
    const schema = nodes[1];
    if (schema?.kind !== 'literal' || schema.type === undefined) throw new TypeError('from_json without a schema type is refused by validation');
    return fromJsonSql(text as string, schema.type);
  },
  to_json: ([value], _nodes, types) => {
    const type = types[0];
    if (type === undefined) throw new TypeError('to_json of a value of unknown type is refused by validation');
    return toJsonSql(value as string, type);
  },
  // Invalid JSON is NULL (Spark), not an error. A JSON null is NULL as a member's value but the text 'null' as the
  // whole document or a list element (Spark 4.3: get_json_object('[null]', '$[0]') = 'null'; '{"a":null}', '$.a' = NULL).
  get_json_object: ([text], nodes) => {
    const path = stringOf(nodes[1]) ?? '$';
    const last = (parseJsonPath(path) ?? []).at(-1);
    const at = quoteString(duckdbJsonPath(path));
    const value = `json_extract_string(${text}, ${at})`;
    const nullText = last === undefined || 'index' in last ? `coalesce(${value}, CASE WHEN json_type(${text}, ${at}) = 'NULL' THEN 'null' END)` : value;
    return `(CASE WHEN json_valid(${text}) THEN ${nullText} END)`;
  },
} satisfies Record<string, Lowering>;
