import type { ExecuteOptions, RelationInit, SparkConnectSession } from '../connect/session.js';

/** `SELECT count(1) FROM (input)` as a relation. */
export function countRelation(input: RelationInit): RelationInit {
  return {
    relType: {
      case: 'aggregate',
      value: {
        input,
        groupType: 1,
        aggregateExpressions: [{ exprType: { case: 'unresolvedFunction', value: { functionName: 'count', arguments: [{ exprType: { case: 'literal', value: { literalType: { case: 'integer', value: 1 } } } }] } } }],
      },
    },
  };
}

/** Rows of a relation (errors propagate; aborting `options.signal` interrupts the count on the server). */
export async function countRelationRows(session: SparkConnectSession, relation: RelationInit, options?: ExecuteOptions): Promise<number> {
  const table = await session.table(countRelation(relation), options);
  return Number(table.getChildAt(0)?.get(0) ?? 0);
}
