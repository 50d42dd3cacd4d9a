import type { Field } from './data-type.js';
import type { FileFormat } from './file-format.js';

/** How a dataset is stored and refreshed; see {@link Dataset}. */
export type DatasetType = 'materialized_view' | 'table' | 'temporary_view' | 'sink';

/** Every {@link DatasetType}. */
export const DATASET_TYPES: readonly DatasetType[] = ['materialized_view', 'table', 'temporary_view', 'sink'];

/**
 * A named output of the pipeline.
 *
 * - `materialized_view`: recomputed from its one flow on every run.
 * - `table`: the rows of one or more flows. Streaming flows append (a streaming
 *   table); a table written only by batch flows is recomputed each run.
 * - `temporary_view`: a named query, not persisted, visible only inside the pipeline.
 * - `sink`: rows written to an external location (files), not readable by other flows.
 */
export interface Dataset {
  /** Dataset name, unique in the pipeline; flows read and write it by this name. */
  readonly name: string;
  /** How the dataset is stored and refreshed. */
  readonly type: DatasetType;
  /** Declared schema; when present the backend enforces it. */
  readonly schema?: readonly Field[];
  /** Free-text description, passed to the engine as the table comment where it has one. */
  readonly comment?: string;
  /** Engine table properties, passed through unchanged (e.g. Delta table properties on Spark). */
  readonly properties?: Readonly<Record<string, string>>;
  /** Columns the stored output is partitioned by (directory layout for file outputs). */
  readonly partitionColumns?: readonly string[];
  /** For file-backed outputs (sinks, or tables stored as files). */
  readonly format?: FileFormat;
  /** Where a file-backed output is written: a directory path, resolved against the pipeline's base directory. */
  readonly location?: string;
  /** Format options, e.g. `{ "header": "true" }` for CSV. */
  readonly options?: Readonly<Record<string, string>>;
}
