/**
 * The closed set of stable error codes. A code never changes meaning once
 * published; tools may branch on it.
 */
export const ThundErrorCode = {
  /** The pipeline document or graph is malformed. */
  Validation: 'THUND_VALIDATION',
  /** The pipeline uses something the chosen backend cannot express or run. */
  Unsupported: 'THUND_UNSUPPORTED',
  /** The engine rejected or failed a query (SQL error, analysis error). */
  Engine: 'THUND_ENGINE',
  /** An expectation with action `fail` saw a failing row. */
  ExpectationFailed: 'THUND_EXPECTATION_FAILED',
  /** Data did not match the dataset's declared schema. */
  SchemaMismatch: 'THUND_SCHEMA_MISMATCH',
  /** A source (file, directory, in-memory stream) could not be read. */
  Source: 'THUND_SOURCE',
  /** A flow did not run because a flow it reads from failed. */
  UpstreamFailed: 'THUND_UPSTREAM_FAILED',
  /** The backend could not reach its engine (connection refused, dropped). */
  Connection: 'THUND_CONNECTION',
  /** Checkpoint data is corrupt or belongs to another pipeline. */
  Checkpoint: 'THUND_CHECKPOINT',
  /**
   * A sink location holds something Þund did not create (no output marker):
   * Þund replaces or removes only its own outputs.
   */
  OutputNotOwned: 'THUND_OUTPUT_NOT_OWNED',
  /**
   * Another run holds what this one needs (the pipeline's database, a sink
   * being replaced): one run at a time writes a pipeline's outputs.
   */
  Busy: 'THUND_BUSY',
  /** The run was cancelled. */
  Cancelled: 'THUND_CANCELLED',
  /** A bug in Þund or a backend: please report it. */
  Internal: 'THUND_INTERNAL',
} as const;

/** One of the stable error codes: the values of the {@link ThundErrorCode} object. */
export type ThundErrorCode = (typeof ThundErrorCode)[keyof typeof ThundErrorCode];

const ALL_CODES: ReadonlySet<string> = new Set(Object.values(ThundErrorCode));

/** Whether a value is one of the stable {@link ThundErrorCode} strings. */
export function isThundErrorCode(value: unknown): value is ThundErrorCode {
  return typeof value === 'string' && ALL_CODES.has(value);
}
