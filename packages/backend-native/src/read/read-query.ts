import { type Dataset, type Pipeline, ThundError, ThundErrorCode } from '@thund/ir';
import { resolveLocation } from '../compile/flow-plan.js';
import { qualifiedName, quoteString } from '../compile/sql-text.js';

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

