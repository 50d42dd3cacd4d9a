import type { DuckDBDataChunk, DuckDBType } from '@duckdb/node-api';
import { ThundError, ThundErrorCode } from '@thund/ir';
import { thundErrorFromDuckDB } from '../duckdb/engine-error.js';
import type { ChunkStream, NativeConnection } from '../duckdb/native-connection.js';

/** A query's result columns, then its chunks; the iteration fails rather than end early. */
export interface CompleteStream {
  readonly columnNames: readonly string[];
  readonly columnTypes: readonly DuckDBType[];
  readonly chunks: AsyncIterable<DuckDBDataChunk>;
}

/** Starts streaming `sql`'s result in a transaction (the connection's closing ends it); a failure names `dataset`. */
export async function openComplete(connection: NativeConnection, sql: string, dataset: string): Promise<CompleteStream> {
  let stream: ChunkStream;
  try {
    await connection.run('BEGIN TRANSACTION');
    stream = await connection.stream(sql);
  } catch (reason) {
    throw notReadable(reason, dataset);
  }
  return { columnNames: stream.columnNames, columnTypes: stream.columnTypes, chunks: completeChunks(connection, stream, sql, dataset) };
}

/**
 * The stream's chunks, then a check that none are missing. A streaming
 * result that fails midway ends, through node-api's `fetchChunk`, exactly
 * like a complete one (DuckDB's C API reports the error only through
 * `duckdb_result_error`, which node-bindings 1.5.6 does not bind). So once
 * the stream ends, the rows of the same snapshot are counted: fewer rows
 * streamed than counted is a failed read, never a short result.
 */
async function* completeChunks(connection: NativeConnection, stream: ChunkStream, sql: string, dataset: string): AsyncGenerator<DuckDBDataChunk> {
  let rows = 0;
  for await (const chunk of stream) {
    rows += chunk.rowCount;
    yield chunk;
  }
  // A failed stream has also aborted the transaction, so the count fails then too.
  const expected = await connection.counts(`SELECT count(*) FROM (${sql})`).then(([n]) => n, () => undefined);
  if (rows !== expected) throw await endedEarly(connection, sql, dataset, rows);
}

/**
 * The engine's own error for a read that stopped after `rows` rows, found
 * by reading every value again without keeping any (a hash of each whole
 * row, so no column is left unread); else a generic one.
 */
async function endedEarly(connection: NativeConnection, sql: string, dataset: string, rows: number): Promise<ThundError> {
  try {
    await connection.run('ROLLBACK');
    await connection.rowsJson(`SELECT bit_xor(hash(r)) FROM (${sql}) AS r`);
  } catch (reason) {
    return notReadable(reason, dataset);
  }
  return new ThundError(ThundErrorCode.Source, `reading dataset "${dataset}" stopped after ${rows} rows, before its end, without an error from DuckDB; read it again`, { backend: 'native', element: { kind: 'dataset', name: dataset } });
}

export function notReadable(reason: unknown, dataset: string): ThundError {
  const error = thundErrorFromDuckDB(reason, { kind: 'dataset', name: dataset });
  if (/^Catalog Error: Table with name/.test(error.rawMessage)) {
    return new ThundError(ThundErrorCode.Source, `dataset "${dataset}" does not exist in the native database: run a pipeline that writes it first`, { backend: 'native', element: { kind: 'dataset', name: dataset }, cause: reason });
  }
  return error;
}
