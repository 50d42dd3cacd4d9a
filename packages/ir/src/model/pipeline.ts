import type { Dataset } from './dataset.js';
import type { Flow } from './flow.js';

/** The version of the canonical JSON document this package reads and writes. */
export const PIPELINE_DOCUMENT_VERSION = 1;

export interface Pipeline {
  /** Document format version; always `1` for now. */
  readonly version: typeof PIPELINE_DOCUMENT_VERSION;
  readonly name: string;
  /** Default catalog for datasets (Spark). */
  readonly catalog?: string;
  /** Default database / schema for datasets. */
  readonly database?: string;
  /** Root directory for checkpoints and pipeline metadata. */
  readonly storage?: string;
  /** Engine configuration passed through to the backend (e.g. Spark SQL conf). */
  readonly configuration?: Readonly<Record<string, string>>;
  readonly datasets: readonly Dataset[];
  readonly flows: readonly Flow[];
}
