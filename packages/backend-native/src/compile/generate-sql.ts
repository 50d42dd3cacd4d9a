import { type DataType, type GenerateNode, generatedColumns } from '@thund/ir';
import { quoteIdentifier, quoteString } from './sql-text.js';

/**
 * The select items of the lateral subquery a generator makes of its row:
 * DuckDB's `unnest`, one per generated column, zipped. Spark's rules where
 * DuckDB's differ: a NULL or empty list or map makes no rows (an `outer`
 * generator's LEFT JOIN then keeps the row once, with NULLs); `pos`
 * counts from 0 as an INT; a map gives `key` and `value`; `inline` one
 * column per struct field, a NULL struct a row of NULLs. Which of list or
 * map the value is follows its type, else the number of names given (two
 * for a map); the list forms call `len`, which DuckDB refuses for a map
 * when it binds, so a map taken for a list fails loudly instead of
 * exploding its entries.
 */
export function generateSelect(node: GenerateNode, value: string, type: DataType | undefined): string[] {
  const isMap = typeof type === 'object' ? type.type === 'map' : node.names?.length === (node.generator === 'posexplode' ? 3 : 2) && node.generator !== 'inline';
  const size = isMap ? `cardinality(${value})` : `len(${value})`;
  const rows = (list: string): string => `unnest(CASE WHEN ${size} > 0 THEN ${list} END)`;
  const columns = generatedColumns(node, type);
  const name = (i: number, fallback: string): string => quoteIdentifier(columns?.[i]?.name ?? node.names?.[i] ?? fallback);
  const pos = node.generator === 'posexplode' ? [`CAST(${rows(`range(CAST(${size} AS BIGINT))`)} AS INTEGER) AS ${name(0, 'pos')}`] : [];
  const at = pos.length;
  if (node.generator === 'inline') {
    // Without the struct's fields known, DuckDB's own unnest of a list of structs names the columns by the fields.
    if (columns === undefined) return [`unnest(CASE WHEN ${size} > 0 THEN ${value} END, max_depth := 2)`];
    const fields = typeof type === 'object' && type.type === 'list' && typeof type.element === 'object' && type.element.type === 'struct' ? type.element.fields : [];
    return fields.map((f, i) => `${rows(`list_transform(${value}, lambda e: struct_extract(e, ${quoteString(f.name)}))`)} AS ${name(i, f.name)}`);
  }
  if (isMap) return [...pos, `${rows(`map_keys(${value})`)} AS ${name(at, 'key')}`, `${rows(`map_values(${value})`)} AS ${name(at + 1, 'value')}`];
  return [...pos, `${rows(value)} AS ${name(at, 'col')}`];
}
