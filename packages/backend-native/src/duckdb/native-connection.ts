import type { DuckDBConnection, DuckDBDataChunk, DuckDBType, Json } from '@duckdb/node-api';

/** A column of a query result, as DESCRIBE reports it. */
export interface ResultColumn {
  readonly name: string;
  /** DuckDB type name, e.g. `BIGINT`, `DECIMAL(18,2)`. */
  readonly type: string;
}

/** A streaming query result: its columns, then its data chunk by chunk. */
export interface ChunkStream extends AsyncIterable<DuckDBDataChunk> {
  readonly columnNames: readonly string[];
  readonly columnTypes: readonly DuckDBType[];
}

/** One DuckDB connection. Not safe for concurrent queries; open one per task. */
export class NativeConnection {
  readonly #connection: DuckDBConnection;
  #closed = false;

  constructor(connection: DuckDBConnection) {
    this.#connection = connection;
  }

  /** Runs one or more statements; resolves to the rows the last one changed. */
  async run(sql: string): Promise<number> {
    const result = await this.#connection.run(sql);
    return result.rowsChanged;
  }

  /** Rows as JSON-safe objects (big integers and decimals as strings). */
  async rowsJson(sql: string): Promise<Record<string, Json>[]> {
    const reader = await this.#connection.runAndReadAll(sql);
    return reader.getRowObjectsJson();
  }

  /** The first row, with every value converted to a number (for counts). */
  async counts(sql: string): Promise<number[]> {
    const reader = await this.#connection.runAndReadAll(sql);
    const row = reader.getRowsJS()[0] ?? [];
    return row.map((value) => Number(value ?? 0));
  }

  /** Result columns of a query, without running it. */
  async describe(sql: string): Promise<ResultColumn[]> {
    const reader = await this.#connection.runAndReadAll(`DESCRIBE ${sql}`);
    return reader.getRowObjectsJson().map((row) => ({ name: String(row['column_name']), type: String(row['column_type']) }));
  }

  /**
   * Streams a query's result chunk by chunk; the whole result is never held
   * in memory. One chunk is fetched ahead: DuckDB produces the next chunk on
   * its own thread while the caller works on this one (each fetched chunk
   * owns its data, strings included).
   */
  async stream(sql: string): Promise<ChunkStream> {
    const result = await this.#connection.stream(sql);
    return {
      columnNames: result.columnNames(),
      columnTypes: result.columnTypes(),
      async *[Symbol.asyncIterator]() {
        let next = result.fetchChunk();
        try {
          for (;;) {
            const chunk = await next;
            if (chunk === null || chunk.rowCount === 0) return;
            next = result.fetchChunk();
            // Observed below (or in `finally`); without this, a failure while the caller holds `chunk` would be unhandled.
            next.catch(() => undefined);
            yield chunk;
          }
        } finally {
          // An abandoned iteration still waits for the fetch it started, so the connection is not closed under it.
          await next.catch(() => undefined);
        }
      },
    };
  }

  /** Stops the query running on this connection; it rejects with an INTERRUPT error. */
  interrupt(): void {
    if (!this.#closed) this.#connection.interrupt();
  }

  closeSync(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#connection.closeSync();
  }
}
