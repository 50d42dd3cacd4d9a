import type { DataType } from '@thund/ir';
import { quoteString } from './sql-text.js';

/**
 * `expr.name` in DuckDB: `struct_extract`, which matches the name
 * case-insensitively, as Spark does; of a list of structs (where its type
 * is known), the list of that field of each.
 */
export function fieldSql(container: string, name: string, type?: DataType): string {
  if (typeof type === 'object' && type.type === 'list') return `list_transform(${container}, lambda _s: struct_extract(_s, ${quoteString(name)}))`;
  return `struct_extract(${container}, ${quoteString(name)})`;
}

/** Whether an index of this type (or, untyped, this literal) selects a list's element rather than a map's key. */
function isPosition(index: DataType | undefined, literal: unknown): boolean {
  if (index !== undefined) return index === 'int8' || index === 'int16' || index === 'int32' || index === 'int64';
  return typeof literal === 'number';
}

/**
 * `expr[index]` with Spark's meaning. A list's element by its 0-based
 * position: DuckDB counts from 1 and gives NULL (or counts from the end)
 * where Spark's ANSI mode fails the query, so a position outside the list
 * raises Spark's error; a NULL list or position is NULL. A map's value for
 * a key: NULL when absent, as in Spark. Which one is decided by the
 * container's type where the pipeline tells it, else by the index (an
 * integer selects a list element): `list_extract` and `map_extract_value`
 * each refuse the other container when DuckDB binds the query, so a guess
 * that is wrong fails loudly instead of reading another element.
 */
export function subscriptSql(container: string, index: string, types: { readonly container?: DataType; readonly index?: DataType; readonly literal?: unknown }): string {
  const kind = typeof types.container === 'object' && (types.container.type === 'list' || types.container.type === 'map')
    ? types.container.type
    : isPosition(types.index, types.literal) ? 'list' : 'map';
  if (kind === 'map') return `map_extract_value(${container}, ${index})`;
  const outside = `error(concat('[INVALID_ARRAY_INDEX] The index ', ${index}, ' is out of bounds. The array has ', len(${container}), ' elements.'))`;
  return `(CASE WHEN ${index} < 0 OR ${index} >= len(${container}) THEN ${outside} ELSE list_extract(${container}, ${index} + 1) END)`;
}
