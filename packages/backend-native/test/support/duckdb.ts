import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll } from 'vitest';

/** One in-memory DuckDB for a test file, with a `t` fixture table. */
export function useFixtureDatabase(setup: string): () => DuckDBConnection {
  let instance: DuckDBInstance | undefined;
  let connection: DuckDBConnection | undefined;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    connection = await instance.connect();
    await connection.run(setup);
  });
  afterAll(() => {
    connection?.closeSync();
    instance?.closeSync();
  });
  return () => {
    if (connection === undefined) throw new Error('database not ready');
    return connection;
  };
}

/** Rows of a query with bigints as numbers and dates/timestamps as ISO strings. */
export async function queryRows(connection: DuckDBConnection, sql: string): Promise<Record<string, unknown>[]> {
  const reader = await connection.runAndReadAll(sql);
  return reader.getRowObjectsJS().map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v instanceof Date ? v.toISOString() : v])),
  );
}
