import type { DataType } from '../model/data-type.js';
import type { GenerateNode } from '../plan/rel/generate.js';

/** A generated column: its name and, where known, its type. */
export interface GeneratedColumn {
  /** Column name. */
  readonly name: string;
  /** Its type; absent when only a run would tell. */
  readonly type?: DataType;
}

const column = (name: string, type: DataType | undefined): GeneratedColumn => (type === undefined ? { name } : { name, type });

/**
 * The columns a generator adds, given the type of what it runs on (Spark's
 * rules): `explode` a list's `col` (the element type) or a map's `key` and
 * `value`; `posexplode` the same after `pos` (int32); `inline` one column
 * per field of the list's structs. `names` rename them in order. Without a
 * known type, the columns are known only when `names` says how many there
 * are (untyped); otherwise `undefined`. Also `undefined` for a type the
 * generator does not take (validation reports it).
 */
export function generatedColumns(node: Pick<GenerateNode, 'generator' | 'names'>, input: DataType | undefined): GeneratedColumn[] | undefined {
  const defaults = defaultColumns(node.generator, input, node.names?.length);
  if (defaults === undefined) return undefined;
  const names = node.names;
  if (names === undefined) return defaults;
  if (names.length !== defaults.length) return undefined;
  return defaults.map((c, i) => column(names[i] as string, c.type));
}

function defaultColumns(generator: GenerateNode['generator'], input: DataType | undefined, named: number | undefined): GeneratedColumn[] | undefined {
  const pos = generator === 'posexplode' ? [column('pos', 'int32')] : [];
  if (input === undefined || typeof input === 'string') {
    if (input !== undefined || named === undefined) return undefined;
    // Unknown input type: the names say how many columns; explode's count tells a list (1) from a map (2).
    return Array.from({ length: named }, (_, i) => (i === 0 && pos.length > 0 ? (pos[0] as GeneratedColumn) : { name: `col${i}` }));
  }
  if (generator === 'inline') {
    if (input.type !== 'list' || typeof input.element === 'string' || input.element.type !== 'struct') return undefined;
    return input.element.fields.map((f) => column(f.name, f.type));
  }
  if (input.type === 'list') return [...pos, column('col', input.element)];
  if (input.type === 'map') return [...pos, column('key', input.key), column('value', input.value)];
  return undefined;
}

/** How many columns a generator makes of a value of this type, for messages; `undefined` when it takes no such value. */
export function generatedCount(generator: GenerateNode['generator'], input: DataType): number | undefined {
  return defaultColumns(generator, input, undefined)?.length;
}
