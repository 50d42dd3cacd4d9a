import { type ArrowField, arrowFields } from '@thund/arrow-rows';
import type { RelationInit, SparkConnectSession } from '../connect/session.js';

/** The columns Spark analyses a relation to produce, without running it (`LIMIT 0`); Spark's analysis errors propagate. */
export async function relationFields(session: SparkConnectSession, relation: RelationInit, signal?: AbortSignal): Promise<ArrowField[]> {
  const table = await session.table({ relType: { case: 'limit', value: { input: relation, limit: 0 } } }, signal === undefined ? {} : { signal });
  return arrowFields(table.schema);
}
