import type { PlainRow } from '@thund/arrow-rows';
import type { DatasetRows, ReadRowsOptions } from '@thund/ir';
import type { NativeDatabase } from '../duckdb/native-database.js';
import { ChunkRows } from './chunk-rows.js';
import { openComplete } from './complete-stream.js';

/**
 * A dataset's rows as plain values, at most `limit` of them: the limit is
 * part of the query, so a preview of a large dataset reads a few rows, not
 * the dataset; `totalRows` comes from a count over the same query. Read
 * from DuckDB's chunks directly (see `chunk-rows.ts`): no Arrow.
 */
export async function readRows(database: NativeDatabase, sql: string, dataset: string, options: ReadRowsOptions = {}): Promise<DatasetRows> {
  const limited = options.limit === undefined ? sql : `SELECT * FROM (${sql}) AS "_r" LIMIT ${Math.max(0, Math.floor(options.limit))}`;
  return database.withConnection(async (connection) => {
    const stream = await openComplete(connection, limited, dataset);
    const reader = new ChunkRows(stream.columnNames, stream.columnTypes);
    const rows: PlainRow[] = [];
    for await (const chunk of stream.chunks) reader.append(chunk, rows);
    const totalRows = options.limit === undefined || rows.length < options.limit
      ? rows.length
      : ((await connection.counts(`SELECT count(*) FROM (${sql}) AS "_r"`))[0] ?? rows.length);
    return { columns: [...stream.columnNames], fields: reader.fields, rows, totalRows };
  });
}
