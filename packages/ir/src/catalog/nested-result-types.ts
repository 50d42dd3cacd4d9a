import { commonType } from '../infer/type-algebra.js';
import type { DataType, StructField } from '../model/data-type.js';
import { widenTypes } from './result-types.js';
import { type ArgumentFacts, type TypeRule, typeRule } from './type-rule.js';

/** `null` is an untyped NULL; `undefined` unknown. */
type Inferred = DataType | null | undefined;

const list = (element: DataType): DataType => ({ type: 'list', element });

/** The common type of these arguments, NULLs taking the others' type; `undefined` when only NULLs (Spark: VOID) or unknown. */
function common(args: readonly (ArgumentFacts | undefined)[]): DataType | undefined {
  const type = widenTypes(args.map((a) => a?.type), commonType);
  return type === null ? undefined : type;
}

/** The list or map type of an argument, or `undefined`. */
function container(arg: ArgumentFacts | undefined): Extract<DataType, { type: 'list' | 'map' }> | undefined {
  const type = arg?.type;
  return typeof type === 'object' && type !== null && (type.type === 'list' || type.type === 'map') ? type : undefined;
}

/** `array(a, b, …)`: a list of the arguments' common type. */
export const LIST_OF_ARGUMENTS: TypeRule = Object.freeze({
  ...typeRule('a list of the common type of its arguments', (args) => {
    const element = common(args);
    return element === undefined ? undefined : list(element);
  }),
  common: 'all' as const,
});

/** `named_struct('a', x, 'b', y, …)`: a struct of the named values' types. */
export const STRUCT_OF_NAMED: TypeRule = typeRule('a struct with a field per name and value, of the value\'s type', (args) => {
  const fields: StructField[] = [];
  for (let i = 0; i + 1 < args.length; i += 2) {
    const name = args[i]?.literal;
    const type = args[i + 1]?.type;
    if (typeof name !== 'string' || type === undefined || type === null) return undefined;
    fields.push({ name, type });
  }
  return fields.length === 0 || args.length % 2 === 1 ? undefined : { type: 'struct', fields };
});

/** `map(k1, v1, k2, v2, …)`: a map of the keys' and the values' common types. */
export const MAP_OF_PAIRS: TypeRule = typeRule('a map of the common type of its keys (odd arguments) to that of its values (even ones)', (args) => {
  const key = common(args.filter((_, i) => i % 2 === 0));
  const value = common(args.filter((_, i) => i % 2 === 1));
  return key === undefined || value === undefined ? undefined : { type: 'map', key, value };
});

/** A list's element or a map's value type of argument 1 (`element_at`). */
export const ELEMENT_OR_VALUE: TypeRule = typeRule("the element type of a list, the value type of a map", (args) => {
  const type = container(args[0]);
  if (type === undefined) return args[0]?.type === null ? null : undefined;
  return type.type === 'list' ? type.element : type.value;
});

/** A list of argument 1's list elements, flattened one level. */
export const FLATTENED: TypeRule = typeRule('the list type of the inner lists', (args) => {
  const type = container(args[0]);
  return type?.type === 'list' && typeof type.element === 'object' && type.element.type === 'list' ? type.element : undefined;
});

/** `map_keys` / `map_values`: a list of the map's keys or values. */
export function mapPart(part: 'key' | 'value'): TypeRule {
  return typeRule(`a list of the map's ${part} type`, (args) => {
    const type = container(args[0]);
    return type?.type === 'map' ? list(type[part]) : undefined;
  });
}

/** `sequence(start, stop[, step])`: a list of the common type of start and stop. */
export const SEQUENCE_TYPE: TypeRule = Object.freeze({
  ...typeRule('a list of the common type of start and stop', (args) => {
    const element = common(args.slice(0, 2));
    return element === undefined ? undefined : list(element);
  }),
  common: Object.freeze([0, 1]),
});

/** An aggregate collecting its argument's values: a list of its type. */
export const LIST_OF_FIRST: TypeRule = typeRule('a list of the type of argument 1', (args): Inferred => {
  const type = args[0]?.type;
  return type === undefined || type === null ? undefined : list(type);
});

/** `from_json(json, schema)`: the schema's type (argument 2, a typed NULL standing for the schema). */
export const SCHEMA_OF_SECOND: TypeRule = typeRule('the type of the schema (argument 2)', (args) => {
  const type = args[1]?.type;
  return type === null ? undefined : type;
});
