import type { DatasetRows, ReadRowsOptions } from '@thund/ir';
import { arrowFields, tableToRows } from '@thund/arrow-rows';
import type { RelationInit, SparkConnectSession } from '../connect/session.js';
import { countRelationRows } from './count-rows.js';
import { readDataset } from './read-dataset.js';

/**
 * A dataset's rows as plain values, at most `limit` of them: the limit is a
 * Limit relation on the server, so a preview pulls a few rows over gRPC,
 * not the table; `totalRows` is a count on the server.
 */
export async function readRows(session: SparkConnectSession, name: string, relation: RelationInit, options: ReadRowsOptions = {}): Promise<DatasetRows> {
  const limit = options.limit === undefined ? undefined : Math.max(0, Math.floor(options.limit));
  const table = await readDataset(session, name, limit === undefined ? relation : { relType: { case: 'limit', value: { input: relation, limit } } });
  const rows = tableToRows(table);
  const totalRows = limit === undefined || rows.length < limit ? rows.length : await countRelationRows(session, relation);
  return { columns: table.schema.fields.map((f) => f.name), fields: arrowFields(table.schema), rows, totalRows };
}
