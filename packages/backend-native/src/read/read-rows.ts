import type { DatasetRows, ReadRowsOptions } from '@thund/ir';
import { arrowFields, tableToRows } from '@thund/arrow-rows';
import type { NativeDatabase } from '../duckdb/native-database.js';
import { readTable } from './read-dataset.js';

/**
 * A dataset's rows as plain values, at most `limit` of them: the limit is
 * part of the query, so a preview of a large dataset reads a few rows, not
 * the dataset; `totalRows` comes from a count over the same query.
 */
export async function readRows(database: NativeDatabase, sql: string, dataset: string, options: ReadRowsOptions = {}): Promise<DatasetRows> {
  const limited = options.limit === undefined ? sql : `SELECT * FROM (${sql}) AS "_r" LIMIT ${Math.max(0, Math.floor(options.limit))}`;
  const table = await readTable(database, limited, dataset);
  const rows = tableToRows(table);
  const totalRows = options.limit === undefined || rows.length < options.limit
    ? rows.length
    : Number(tableToRows(await readTable(database, `SELECT count(*) AS "n" FROM (${sql}) AS "_r"`, dataset))[0]?.['n'] ?? rows.length);
  return { columns: table.schema.fields.map((f) => f.name), fields: arrowFields(table.schema), rows, totalRows };
}
