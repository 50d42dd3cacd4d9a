import { isInteger } from '../../infer/type-algebra.js';
import { type DataType, dataTypeLabel, isNestedType } from '../../model/data-type.js';
import { literalString } from '../argument-rules.js';
import { type ArgumentRule, type CallArgument, fn } from '../function-signature.js';
import { type TypeRule, typeRule } from '../type-rule.js';
import { jsonPathProblem } from '../json-path.js';
import {
  ELEMENT_OR_VALUE, FLATTENED, LIST_OF_ARGUMENTS, LIST_OF_FIRST, MAP_OF_PAIRS, SCHEMA_OF_SECOND, SEQUENCE_TYPE, STRUCT_OF_NAMED, mapPart,
} from '../nested-result-types.js';
import { regexProblem } from '../regex-dialect.js';

type Kind = 'list' | 'map' | 'struct';

const kindOf = (type: DataType | null | undefined): Kind | undefined =>
  typeof type === 'object' && type !== null && isNestedType(type) ? type.type : undefined;

/** Refuses argument `index` when its type is known and is none of `kinds`. */
function takes(index: number, kinds: readonly Kind[], what: string, more?: (type: DataType) => string | undefined): ArgumentRule {
  return (args) => {
    const type = args[index]?.type;
    if (type === undefined || type === null) return undefined;
    const kind = kindOf(type);
    if (kind === undefined || !kinds.includes(kind)) return `argument ${index + 1} must be ${what}, not ${dataTypeLabel(type)}`;
    return more?.(type);
  };
}

/** Every rule's first refusal. */
function all(...rules: readonly ArgumentRule[]): ArgumentRule {
  return (args) => {
    for (const rule of rules) {
      const reason = rule(args);
      if (reason !== undefined) return reason;
    }
    return undefined;
  };
}

const LIST = takes(0, ['list'], 'a list');
const LIST_OR_MAP = takes(0, ['list', 'map'], 'a list or a map');
const MAP = takes(0, ['map'], 'a map');

/** named_struct: names are string literals, each followed by its value. */
const namesAndValues: ArgumentRule = (args) => {
  if (args.length % 2 === 1) return 'takes names and values in pairs (named_struct(\'a\', x, \'b\', y)): the last name has no value';
  const seen = new Set<string>();
  for (let i = 0; i < args.length; i += 2) {
    const name = literalString(args[i]);
    if (name === undefined) return `argument ${i + 1} must be a field name, a string literal`;
    if (seen.has(name.toLowerCase())) return `field "${name}" is named twice: give each field its own name`;
    seen.add(name.toLowerCase());
  }
  return undefined;
};

const keysAndValues: ArgumentRule = (args) => (args.length % 2 === 1 ? 'takes keys and values in pairs (map(k1, v1, k2, v2)): the last key has no value' : undefined);

/** sequence: integers, or dates without a step (Spark's step is then a day). */
const sequenceBounds: ArgumentRule = (args) => {
  for (const [i, arg] of args.slice(0, 2).entries()) {
    const type = arg.type;
    if (type === undefined || type === null) continue;
    if (!isInteger(type) && type !== 'date32') return `argument ${i + 1} must be an integer or a date, not ${dataTypeLabel(type)}`;
    if (type === 'date32' && args.length > 2) return 'a sequence of dates steps by a day here: an interval step (INTERVAL …) has no portable form yet; leave the step out';
  }
  const step = args[2]?.type;
  if (step !== undefined && step !== null && !isInteger(step)) return `the step must be an integer, not ${dataTypeLabel(step)}`;
  return undefined;
};

/** split: Java regular expressions DuckDB's RE2 reads alike; no positive limit. */
const splitPattern: ArgumentRule = (args) => {
  const pattern = literalString(args[1]);
  if (pattern === undefined) return 'the pattern (argument 2) must be a string literal: Þund checks that both engines read it alike';
  const problem = regexProblem(pattern);
  if (problem !== undefined) return problem;
  const limit = args[2]?.node;
  if (limit !== undefined && !(limit.kind === 'literal' && typeof limit.value === 'number' && limit.value <= 0)) {
    return 'a limit above 0 is not supported (the last element would hold the rest of the string): leave it out, or give -1';
  }
  return undefined;
};

/** from_json: the schema is a typed NULL standing for a list, struct or map type (SQL writes it as a DDL string). */
const jsonSchema: ArgumentRule = (args) => {
  const schema = args[1]?.node;
  if (schema?.kind !== 'literal' || schema.value !== null || schema.type === undefined || !isNestedType(schema.type)) {
    return 'the schema (argument 2) must be a struct, list or map type: in SQL a DDL string (\'a INT, b ARRAY<STRING>\'), in a plan a NULL literal of that type';
  }
  return unsupportedJsonType(schema.type, 'read');
};

/**
 * Types from_json reads and to_json writes alike on every engine: not
 * binary or timestamps (Spark's JSON forms of them have no portable
 * equivalent), decimals within a double's 15 digits when read (DuckDB reads
 * JSON numbers as doubles), no floats when written (Spark writes them with
 * Java's Double.toString), string map keys.
 */
function unsupportedJsonType(type: DataType, direction: 'read' | 'write'): string | undefined {
  if (typeof type === 'string') {
    if (direction === 'write' && (type === 'float32' || type === 'float64')) return `${type} values are refused: Spark writes them with Java's Double.toString (1.0E20), which no other engine reproduces; cast them to a decimal`;
    if (type === 'binary' || type === 'timestamp') return `${type} values are refused: Spark's JSON form of them has no portable equivalent; use a string`;
    return undefined;
  }
  switch (type.type) {
    case 'decimal':
      return direction === 'read' && type.precision > 15 ? `${dataTypeLabel(type)} values are refused: DuckDB reads JSON numbers as doubles, exact to 15 digits; declare at most 15 digits, or read a string and cast it` : undefined;
    case 'timestamp': return `${dataTypeLabel(type)} values are refused: Spark's JSON timestamp format has no portable equivalent; use a string`;
    case 'list': return unsupportedJsonType(type.element, direction);
    case 'map': return type.key === 'utf8' ? unsupportedJsonType(type.value, direction) : `map keys must be strings in JSON, not ${dataTypeLabel(type.key)}`;
    case 'struct':
      for (const field of type.fields) {
        const problem = unsupportedJsonType(field.type, direction);
        if (problem !== undefined) return problem;
      }
      return undefined;
  }
}

const toJsonValue: ArgumentRule = (args) => {
  const type = args[0]?.type;
  if (type === undefined) return 'the value\'s type must be known (a declared schema or read_files schema): Þund writes JSON by it';
  if (type === null || !isNestedType(type)) return `argument 1 must be a struct, list or map${type === null ? '' : `, not ${dataTypeLabel(type)}`}`;
  return unsupportedJsonType(type, 'write');
};

const jsonPath: ArgumentRule = (args) => {
  const path = literalString(args[1]);
  if (path === undefined) return 'the path (argument 2) must be a string literal';
  return jsonPathProblem(path);
};

/** sort_array's order is a boolean literal (Spark requires a constant). */
const sortOrder: ArgumentRule = (args) => {
  const order = args[1]?.node;
  return order === undefined || (order.kind === 'literal' && typeof order.value === 'boolean') ? undefined : 'the order (argument 2) must be TRUE (ascending) or FALSE (descending)';
};

const elementAtIndex: ArgumentRule = (args: readonly CallArgument[]) => {
  const container = args[0]?.type;
  const index = args[1]?.type;
  if (kindOf(container) !== 'list' || index === undefined || index === null) return undefined;
  return isInteger(index) ? undefined : `a list's position (argument 2) must be an integer, not ${dataTypeLabel(index)}`;
};

/** Sorting and de-duplicating compare elements: plain values only (engines order nested values differently). */
const plainElements = (type: DataType): string | undefined => {
  const element = typeof type === 'object' && type.type === 'list' ? type.element : undefined;
  return element !== undefined && isNestedType(element) ? `argument 1's elements are ${dataTypeLabel(element)}: Þund sorts and compares lists of plain values only` : undefined;
};

const flattenable = (type: DataType): string | undefined =>
  typeof type === 'object' && type.type === 'list' && kindOf(type.element) === 'list' ? undefined : `argument 1 must be a list of lists, not ${dataTypeLabel(type)}`;

/** The type of argument 1 when it is a list (sort_array, array_distinct). */
const SAME_LIST: TypeRule = typeRule('the type of argument 1', (args) => {
  const type = args[0]?.type;
  if (type === null) return null;
  return kindOf(type) === 'list' ? type : undefined;
});

/** The element type of argument 1 when it is a list (array_max, array_min). */
const ELEMENT_OF_LIST: TypeRule = typeRule('the element type of the list', (args) => {
  const type = args[0]?.type;
  if (type === null) return null;
  return typeof type === 'object' && type.type === 'list' ? type.element : undefined;
});

/** A list of plain values (sorted, compared or de-duplicated). */
const PLAIN_LIST = takes(0, ['list'], 'a list', plainElements);
/** Two lists of plain values. */
const TWO_PLAIN_LISTS = all(PLAIN_LIST, takes(1, ['list'], 'a list', plainElements));

/**
 * Lists, structs and maps: constructors, access, collection functions, the
 * aggregates that build lists, and JSON. Spark's semantics (ANSI mode, the
 * default of Spark 4): positions outside a list fail the query, a map's
 * missing key is NULL.
 */
export const NESTED = [
  fn('array', 'scalar', ['any'], LIST_OF_ARGUMENTS, 'A list of the arguments, in order (NULLs kept).', { min: 1, max: null }),
  fn('named_struct', 'scalar', ['any'], STRUCT_OF_NAMED, "A struct of named values: named_struct('a', x, 'b', y). SQL's struct(x, y) is this, its fields named as Spark names them (a column's name, else col1, col2, …).", {
    min: 2, max: null, refuse: namesAndValues,
  }),
  fn('map', 'scalar', ['any'], MAP_OF_PAIRS, 'A map of keys to values: map(k1, v1, k2, v2, …); a NULL or repeated key fails the query (Spark).', { min: 2, max: null, refuse: keysAndValues }),
  fn('size', 'scalar', ['any'], 'int32', 'Number of elements of a list or entries of a map; NULL for NULL (Spark\'s ANSI mode).', { refuse: LIST_OR_MAP, aliases: ['cardinality', 'array_size'] }),
  fn('array_contains', 'scalar', ['any', 'any'], 'bool', 'Whether the list holds the value: NULL when the list or value is NULL, or when it is not found and the list holds a NULL.', { refuse: LIST }),
  fn('element_at', 'scalar', ['any', 'any'], ELEMENT_OR_VALUE, "A list's element by 1-based position (a negative one counts from the end; 0 or a position past either end fails the query), or a map's value for a key (NULL when absent).", {
    refuse: all(LIST_OR_MAP, elementAtIndex),
  }),
  fn('sort_array', 'scalar', ['any', 'any'], SAME_LIST, 'The list sorted, ascending (NULLs first) or descending with FALSE (NULLs last).', {
    min: 1, refuse: all(takes(0, ['list'], 'a list', plainElements), sortOrder),
  }),
  fn('array_distinct', 'scalar', ['any'], SAME_LIST, 'The list without repeated elements, each kept where it first occurs (one NULL kept).', { refuse: takes(0, ['list'], 'a list', plainElements) }),
  fn('flatten', 'scalar', ['any'], FLATTENED, 'A list of lists joined into one list; NULL when any inner list is NULL.', { refuse: takes(0, ['list'], 'a list', flattenable) }),
  fn('sequence', 'scalar', ['any', 'any', 'any'], SEQUENCE_TYPE, 'Integers (or days) from start to stop, both included, by step (default 1, or -1 when stop is below start); a step away from stop fails the query.', {
    min: 2, refuse: sequenceBounds,
  }),
  fn('array_max', 'scalar', ['any'], ELEMENT_OF_LIST, 'Largest non-NULL element of a list (NaN above every number); NULL for none.', { refuse: PLAIN_LIST }),
  fn('array_min', 'scalar', ['any'], ELEMENT_OF_LIST, 'Smallest non-NULL element of a list; NULL for none.', { refuse: PLAIN_LIST }),
  fn('array_position', 'scalar', ['any', 'any'], 'int64', '1-based position of the first element equal to the value; 0 if none; NULL for a NULL value.', { refuse: PLAIN_LIST }),
  fn('array_remove', 'scalar', ['any', 'any'], SAME_LIST, 'The list without the elements equal to the value (NULL elements kept); NULL for a NULL value.', { refuse: PLAIN_LIST }),
  fn('array_compact', 'scalar', ['any'], SAME_LIST, 'The list without its NULL elements.', { refuse: LIST }),
  fn('array_append', 'scalar', ['any', 'any'], SAME_LIST, 'The list with the value added at its end (a NULL value too).', { refuse: LIST }),
  fn('array_prepend', 'scalar', ['any', 'any'], SAME_LIST, 'The list with the value added at its start (a NULL value too).', { refuse: LIST }),
  fn('array_join', 'scalar', ['any', 'string', 'string'], 'utf8', 'The elements of a list of strings joined by a delimiter; NULL elements skipped, or replaced by the third argument.', {
    min: 2, refuse: takes(0, ['list'], 'a list of strings', (t) => (typeof t === 'object' && t.type === 'list' && t.element === 'utf8' ? undefined : `argument 1 must be a list of strings, not ${dataTypeLabel(t)}: transform its elements to strings first`)),
  }),
  fn('slice', 'scalar', ['any', 'integer', 'integer'], SAME_LIST, 'The `length` elements of a list from a 1-based start (a negative one counts from the end); a start of 0 or a negative length is an error.', { refuse: LIST }),
  fn('arrays_overlap', 'scalar', ['any', 'any'], 'bool', 'Whether two lists share a non-NULL element; NULL when they do not but both are non-empty and one holds a NULL.', { refuse: TWO_PLAIN_LISTS }),
  fn('array_union', 'scalar', ['any', 'any'], SAME_LIST, 'The distinct elements of both lists, those of the first first, each where it first occurs (one NULL kept).', { refuse: TWO_PLAIN_LISTS }),
  fn('array_intersect', 'scalar', ['any', 'any'], SAME_LIST, 'The distinct elements of the first list that the second holds (NULL matching NULL), in the first\'s order.', { refuse: TWO_PLAIN_LISTS }),
  fn('array_except', 'scalar', ['any', 'any'], SAME_LIST, 'The distinct elements of the first list that the second does not hold (NULL matching NULL), in the first\'s order.', { refuse: TWO_PLAIN_LISTS }),
  fn('array_repeat', 'scalar', ['any', 'integer'], LIST_OF_FIRST, 'A list of the value repeated n times; empty for n of 0 or less.'),
  fn('map_contains_key', 'scalar', ['any', 'any'], 'bool', 'Whether the map has the key (whatever its value, NULL included).', { refuse: MAP }),
  fn('map_keys', 'scalar', ['any'], mapPart('key'), "A map's keys, in the map's order.", { refuse: MAP }),
  fn('map_values', 'scalar', ['any'], mapPart('value'), "A map's values, in the map's order.", { refuse: MAP }),
  fn('split', 'scalar', ['string', 'string_literal', 'integer_literal'], { type: 'list', element: 'utf8' }, 'The string cut at each match of a regular expression (empty strings kept, trailing ones too).', {
    min: 2, refuse: splitPattern,
    notes: ['The pattern is a Java regular expression on Spark and an RE2 one on DuckDB: patterns whose meaning differs (lookaround, backreferences, possessive or atomic groups) are refused.', 'A limit above 0 is refused.'],
  }),
  fn('collect_list', 'aggregate', ['any'], LIST_OF_FIRST, "A list of the group's non-NULL values (empty for none). Their order is the engine's (Spark's is not defined): sort it (sort_array) where order matters.", { aliases: ['array_agg'] }),
  fn('collect_set', 'aggregate', ['any'], LIST_OF_FIRST, "A list of the group's distinct non-NULL values, sorted ascending (Spark's order is not defined; Þund sorts, so every engine gives the same list).", {
    refuse: (args) => (kindOf(args[0]?.type) === undefined ? undefined : 'collecting lists, structs or maps into a set is not supported: Þund sorts the set, and engines order nested values differently'),
  }),
  fn('from_json', 'scalar', ['string', 'any'], SCHEMA_OF_SECOND, "A JSON string read into a struct, list or map of the schema's type, as Spark's PERMISSIVE mode reads it: a value that does not fit its field's type is NULL there (a list with one such element is NULL whole); invalid JSON, or JSON of another shape, gives a struct of NULLs (a NULL list or map).", {
    refuse: jsonSchema,
    notes: ['Timestamps and binary values in the schema are refused (Spark reads them with formats of its own), so are decimals of more than 15 digits (DuckDB reads JSON numbers as doubles).', 'Several JSON documents in one string (Spark reads the first) are invalid JSON here; of a key written twice, Spark keeps the last value and DuckDB the first.'],
  }),
  fn('to_json', 'scalar', ['any'], 'utf8', "A struct, list or map as JSON text, as Spark writes it: a struct's NULL fields left out, a map's NULL values kept, dates as yyyy-MM-dd, decimals with their scale.", {
    refuse: toJsonValue,
    notes: ['The value\'s type must be known; doubles, timestamps and binary values are refused (Spark writes them with Java formats).'],
  }),
  fn('get_json_object', 'scalar', ['string', 'string_literal'], 'utf8', "The value at a JSONPath ($.a.b[0], $['a b']) of a JSON string: a string unquoted, anything else as compact JSON; NULL for invalid JSON or a missing path.", {
    refuse: jsonPath,
    notes: ['Wildcards ([*]) and recursive descent (..) are refused.', 'A floating-point number of 10^7 or more, or below 10^-3, inside a returned object or array is written in full here and in Java\'s E notation on Spark.'],
  }),
] as const;
