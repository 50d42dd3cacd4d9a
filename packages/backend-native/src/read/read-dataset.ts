import * as arrow from 'apache-arrow';
import { type Dataset, type Pipeline, ThundError, ThundErrorCode } from '@thund/ir';
import { resolveLocation } from '../compile/flow-plan.js';
import { qualifiedName, quoteString } from '../compile/sql-text.js';
import { ChunkConverter } from '../duckdb/arrow-convert.js';
import { thundErrorFromDuckDB } from '../duckdb/engine-error.js';
import type { ChunkStream, NativeConnection } from '../duckdb/native-connection.js';
import type { NativeDatabase } from '../duckdb/native-database.js';

/** Where a dataset's rows live, as the last run that wrote it left them. */
export interface DatasetLocation {
  readonly pipeline: Pick<Pipeline, 'database'>;
  readonly dataset: Dataset;
  /** A sink written by streaming flows: a directory of `part-<epoch>` files. */
  readonly streaming?: boolean;
}

/** The SELECT that reads a dataset back: its table, or a sink's files. */
export function readQuery(name: string, known: DatasetLocation | undefined, baseDir: string): string {
  if (known === undefined) return `SELECT * FROM ${qualifiedName(undefined, name)}`;
  const { dataset, pipeline } = known;
  if (dataset.type === 'temporary_view') {
    throw new ThundError(ThundErrorCode.Source, `"${name}" is a temporary view: it exists only while its pipeline runs; read the datasets it is built from, or make it a materialized view`, { backend: 'native', element: { kind: 'dataset', name } });
  }
  if (dataset.type !== 'sink') return `SELECT * FROM ${qualifiedName(pipeline.database, name)}`;
  const location = resolveLocation(baseDir, dataset.location ?? name);
  const partitioned = (dataset.partitionColumns ?? []).length > 0;
  const files = `part-*.${dataset.format ?? 'parquet'}`;
  const path = quoteString(known.streaming === true ? (partitioned ? `${location}/**/${files}` : `${location}/${files}`) : partitioned ? `${location}/**/*.${dataset.format ?? 'parquet'}*` : location); // not the `.thund-output` marker
  switch (dataset.format ?? 'parquet') {
    case 'csv': return `SELECT * FROM read_csv(${path}, header=true${partitioned ? ', hive_partitioning=true' : ''})`;
    case 'json': return `SELECT * FROM read_json(${path}, format='newline_delimited'${partitioned ? ', hive_partitioning=true' : ''})`;
    case 'parquet': return `SELECT * FROM read_parquet(${path}${partitioned ? ', hive_partitioning=true' : ''})`;
  }
}

/**
 * Streams a query as Arrow record batches, one per DuckDB chunk, converted
 * as they are fetched: the result is never held whole. The connection
 * stays open until the iteration ends (or is abandoned with `break`).
 */
export async function* streamBatches(database: NativeDatabase, sql: string, dataset: string): AsyncGenerator<arrow.RecordBatch> {
  const connection = await database.connect();
  try {
    const { stream, converter } = await openConverted(connection, sql, dataset);
    for await (const chunk of stream) yield converter.batch(chunk);
  } finally {
    connection.closeSync();
  }
}

/** The whole dataset as one Arrow table (its schema is kept even when empty). */
export async function readTable(database: NativeDatabase, sql: string, dataset: string): Promise<arrow.Table> {
  return database.withConnection(async (connection) => {
    const { stream, converter } = await openConverted(connection, sql, dataset);
    const batches: arrow.RecordBatch[] = [];
    for await (const chunk of stream) batches.push(converter.batch(chunk));
    return new arrow.Table(converter.schema, batches);
  });
}

/** Starts streaming `sql`'s result, with a converter of its chunks to Arrow batches. */
async function openConverted(connection: NativeConnection, sql: string, dataset: string): Promise<{ stream: ChunkStream; converter: ChunkConverter }> {
  let stream: ChunkStream;
  try {
    stream = await connection.stream(sql);
  } catch (reason) {
    throw notReadable(reason, dataset);
  }
  return { stream, converter: new ChunkConverter(stream.columnNames, stream.columnTypes) };
}

function notReadable(reason: unknown, dataset: string): ThundError {
  const error = thundErrorFromDuckDB(reason, { kind: 'dataset', name: dataset });
  if (/^Catalog Error: Table with name/.test(error.rawMessage)) {
    return new ThundError(ThundErrorCode.Source, `dataset "${dataset}" does not exist in the native database: run a pipeline that writes it first`, { backend: 'native', element: { kind: 'dataset', name: dataset }, cause: reason });
  }
  return error;
}
