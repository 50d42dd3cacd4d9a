import type { Dataset } from './dataset.js';
import type { Flow } from './flow.js';

/** The version of the canonical JSON document this package reads and writes. */
export const PIPELINE_DOCUMENT_VERSION = 1;

/**
 * A whole pipeline document: its datasets and the flows that write them. This is the canonical, backend-neutral
 * IR every backend runs.
 */
export interface Pipeline {
  /**
   * The JSON Schema the document says it follows (`"$schema"`), for editors'
   * completion and checks; kept as written, never read by Þund.
   */
  readonly $schema?: string;
  /** Document format version; always `1` for now. */
  readonly version: typeof PIPELINE_DOCUMENT_VERSION;
  /** Pipeline name; used in events, storage paths and engine metadata. */
  readonly name: string;
  /** Default catalog for datasets (Spark). */
  readonly catalog?: string;
  /** Default database / schema for datasets. */
  readonly database?: string;
  /** Root directory for checkpoints and pipeline metadata. */
  readonly storage?: string;
  /** Engine configuration passed through to the backend (e.g. Spark SQL conf). */
  readonly configuration?: Readonly<Record<string, string>>;
  /** Every dataset the pipeline defines. */
  readonly datasets: readonly Dataset[];
  /** Every flow that writes one of the datasets. */
  readonly flows: readonly Flow[];
}
