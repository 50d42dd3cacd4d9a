import { type Dataset, ThundError, ThundErrorCode } from '@thund/ir';
import type { Table } from 'apache-arrow';
import type { RelationInit, SparkConnectSession } from '../connect/session.js';
import { SparkError } from '../connect/spark-error.js';
import { type PipelinePlace, readTable } from '../lower/flow-plan.js';
import { readPath } from '../lower/read-path.js';

/** Where a dataset's rows live, as the last run that wrote it left them. */
export interface DatasetLocation {
  readonly place: PipelinePlace;
  readonly dataset: Dataset;
  /** Absolute location of a sink's files. */
  readonly location?: string;
}

/** The relation that reads a dataset back: its table, or a sink's files. */
export function readRelation(name: string, known: DatasetLocation | undefined, fallback: PipelinePlace): RelationInit {
  if (known === undefined) return readTable(fallback, name);
  const { dataset } = known;
  if (dataset.type === 'temporary_view') {
    throw new ThundError(ThundErrorCode.Source, `"${name}" is a temporary view: it exists only while its pipeline runs; read the datasets it is built from, or make it a materialized view`, { backend: 'spark', element: { kind: 'dataset', name } });
  }
  if (dataset.type !== 'sink') return readTable(known.place, name);
  return readPath(dataset.format ?? 'parquet', known.location ?? name, dataset.options);
}

export async function readDataset(session: SparkConnectSession, name: string, relation: RelationInit): Promise<Table> {
  try {
    return await session.table(relation);
  } catch (reason) {
    if (reason instanceof SparkError && /TABLE_OR_VIEW_NOT_FOUND/.test(reason.engineClass ?? reason.rawMessage)) {
      throw new ThundError(ThundErrorCode.Source, `dataset "${name}" does not exist on the Spark server: run a pipeline that writes it first`, { backend: 'spark', element: { kind: 'dataset', name }, cause: reason });
    }
    throw reason;
  }
}
