import { AliasNode, type Expression, ProjectNode, RangeNode, type RelationNode, UnionNode, walkExpression } from '@thund/ir';
import type { ValuesRef } from '../parse/ast.js';
import type { Positions } from './positions.js';

/** The one row a query without FROM (`SELECT 1 AS one`) and each VALUES row are computed over. */
export function oneRow(): RelationNode {
  return RangeNode.create(0, 1);
}

/**
 * A VALUES list as a plan: each row a projection of its values over one
 * row, the rows a UNION ALL (by name, so the columns line up as written).
 * Columns are named as written after the alias, else Spark's col1, col2, ….
 */
export function valuesRelation(item: ValuesRef, positions: Positions): RelationNode {
  const width = item.rows[0]?.values.length ?? 0;
  for (const row of item.rows) {
    if (row.values.length !== width) {
      throw positions.errorAt(row.position, `this VALUES row has ${row.values.length} value${row.values.length === 1 ? '' : 's'} and the first has ${width}: give every row one value per column`);
    }
    for (const value of row.values) withoutColumns(value, positions, 'a VALUES row');
  }
  if (item.columns !== undefined && item.columns.length !== width) {
    throw positions.errorAt(item.position, `VALUES names ${item.columns.length} column${item.columns.length === 1 ? '' : 's'} (${item.columns.join(', ')}) for rows of ${width}: name each column once`);
  }
  const names = item.columns ?? Array.from({ length: width }, (_, i) => `col${i + 1}`);
  const rows = item.rows.map((row) => ProjectNode.create(oneRow(), row.values.map((value, i) => AliasNode.create(value, names[i] as string))));
  return rows.length === 1 ? (rows[0] as RelationNode) : UnionNode.create(rows, true);
}

/**
 * Refuses a column reference where there are no columns to name: in a
 * VALUES row or a SELECT without FROM (Spark refuses them too).
 */
export function withoutColumns(expr: Expression, positions: Positions, where: string): void {
  walkExpression(expr, (node) => {
    if (node.kind === 'column') {
      throw positions.error(node, `${where} has no columns to read, so "${node.name}" names nothing: write a value, or read a dataset with FROM`);
    }
  });
}
