import * as arrow from 'apache-arrow';
import { ChunkConverter } from '../duckdb/arrow-convert.js';
import type { NativeDatabase } from '../duckdb/native-database.js';
import { openComplete } from './complete-stream.js';

/**
 * Streams a query as Arrow record batches, one per DuckDB chunk, converted
 * as they are fetched: the result is never held whole. The connection
 * stays open until the iteration ends (or is abandoned with `break`).
 */
export async function* streamBatches(database: NativeDatabase, sql: string, dataset: string): AsyncGenerator<arrow.RecordBatch> {
  const connection = await database.connect();
  try {
    const stream = await openComplete(connection, sql, dataset);
    const converter = new ChunkConverter(stream.columnNames, stream.columnTypes);
    for await (const chunk of stream.chunks) yield converter.batch(chunk);
  } finally {
    connection.closeSync();
  }
}

/** The whole dataset as one Arrow table (its schema is kept even when empty). */
export async function readTable(database: NativeDatabase, sql: string, dataset: string): Promise<arrow.Table> {
  return database.withConnection(async (connection) => {
    const stream = await openComplete(connection, sql, dataset);
    const converter = new ChunkConverter(stream.columnNames, stream.columnTypes);
    const batches: arrow.RecordBatch[] = [];
    for await (const chunk of stream.chunks) batches.push(converter.batch(chunk));
    return new arrow.Table(converter.schema, batches);
  });
}
