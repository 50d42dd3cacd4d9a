import type { Field } from './data-type.js';
import type { FileFormat } from './file-format.js';

export type DatasetType = 'materialized_view' | 'table' | 'temporary_view' | 'sink';

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
  readonly name: string;
  readonly type: DatasetType;
  /** Declared schema; when present the backend enforces it. */
  readonly schema?: readonly Field[];
  readonly comment?: string;
  readonly properties?: Readonly<Record<string, string>>;
  readonly partitionColumns?: readonly string[];
  /** For file-backed outputs (sinks, or tables stored as files). */
  readonly format?: FileFormat;
  readonly location?: string;
  /** Format options, e.g. `{ "header": "true" }` for CSV. */
  readonly options?: Readonly<Record<string, string>>;
}
