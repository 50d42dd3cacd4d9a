/**
 * One reader of the Arrow export bench (arrow-export.ts), run as its own
 * process so that no reader runs in a V8 heap another reader shaped. It
 * reads the table once untimed (the code compiled, the file in the OS
 * cache, the heap sized for this reader's own allocations), then once
 * timed, and prints `{"millis": …, "rows": …, "peakRssMiB": …}` as its one
 * line of output.
 *
 *   THUND_EXPORT_READER=streamDataset|fetchChunk|copiesOnly
 *   THUND_EXPORT_DATABASE=/path/export.duckdb THUND_EXPORT_TABLE=clean
 */
import { dirname } from 'node:path';
import bindings from '@duckdb/node-bindings';
import { type DuckDBDataChunk, DuckDBInstance, type DuckDBType, DuckDBTypeId } from '@duckdb/node-api';
import { createNativeBackend } from '../src/index.js';

export const READERS = ['streamDataset', 'fetchChunk', 'copiesOnly'] as const;
export type Reader = (typeof READERS)[number];

/** Bytes per value of a vector's data for the bench tables' column types. */
function widthOf(type: DuckDBType): number {
  switch (type.typeId) {
    case DuckDBTypeId.DATE:
    case DuckDBTypeId.INTEGER:
      return 4;
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.DOUBLE:
      return 8;
    case DuckDBTypeId.VARCHAR:
      return 16;
    default:
      throw new Error(`the copies-only reader has no width for ${type.toString()}`);
  }
}

/** streamDataset: DuckDB chunks to Arrow record batches, as users read a dataset. Returns [millis, rows]. */
async function exportArrow(database: string, table: string): Promise<[number, number]> {
  const backend = createNativeBackend({ database, baseDir: dirname(database) });
  try {
    let rows = 0;
    for await (const batch of backend.streamDataset(table)) rows += batch.numRows; // untimed
    rows = 0;
    const start = performance.now();
    for await (const batch of backend.streamDataset(table)) rows += batch.numRows;
    return [performance.now() - start, rows];
  } finally {
    await backend.close();
  }
}

/** DuckDB's own reader, chunk by chunk; `visitor` (made from the result's column types) sees each chunk. */
async function readChunks(database: string, table: string, visitor?: (types: readonly DuckDBType[]) => (chunk: DuckDBDataChunk) => void): Promise<[number, number]> {
  const instance = await DuckDBInstance.create(database);
  const connection = await instance.connect();
  const readOnce = async (): Promise<[number, number]> => {
    const start = performance.now();
    const result = await connection.stream(`SELECT * FROM ${table}`);
    const visit = visitor?.(result.columnTypes());
    let rows = 0;
    for (;;) {
      const chunk = await result.fetchChunk();
      if (chunk === null || chunk.rowCount === 0) break;
      visit?.(chunk);
      rows += chunk.rowCount;
    }
    return [performance.now() - start, rows];
  };
  try {
    await readOnce(); // untimed
    return await readOnce();
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

// What the Node API makes any export do: each column of each chunk copied out (data, validity), nothing built.
const copies = (types: readonly DuckDBType[]) => {
  const widths = types.map(widthOf);
  return (chunk: DuckDBDataChunk): void => {
    for (const [column, width] of widths.entries()) {
      const vector = bindings.data_chunk_get_vector(chunk.chunk, column);
      bindings.vector_get_validity(vector, Math.ceil(chunk.rowCount / 64) * 8);
      bindings.vector_get_data(vector, chunk.rowCount * width);
    }
  };
};

function read(reader: Reader, database: string, table: string): Promise<[number, number]> {
  switch (reader) {
    case 'streamDataset': return exportArrow(database, table);
    case 'fetchChunk': return readChunks(database, table);
    case 'copiesOnly': return readChunks(database, table, copies);
  }
}

if (process.env['THUND_EXPORT_READER'] !== undefined) {
  const reader = process.env['THUND_EXPORT_READER'] as Reader;
  if (!READERS.includes(reader)) throw new Error(`THUND_EXPORT_READER must be one of ${READERS.join(', ')}`);
  const [millis, rows] = await read(reader, process.env['THUND_EXPORT_DATABASE'] ?? '', process.env['THUND_EXPORT_TABLE'] ?? '');
  console.log(JSON.stringify({ millis, rows, peakRssMiB: process.resourceUsage().maxRSS / 1024 }));
}
