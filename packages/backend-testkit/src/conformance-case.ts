import type { ExpectationResult, Pipeline, RunOptions } from '@thund/ir';
import type { Row } from './backend-under-test.js';

/** Paths of a case's input files, resolved inside its work directory. */
export interface CaseContext {
  /** The case's temporary work directory (the one given to the `BackendFactory`); removed after the case. */
  readonly workDir: string;
  /** `relative` (a key of the case's `files`, or any path) joined to the work directory. */
  path(relative: string): string;
}

/**
 * One conformance case: a pipeline with inputs and the exact result it must
 * produce. A case runs on a backend whose capabilities admit its pipeline
 * (by `checkAgainst`); for any other backend the suite asserts that `check`
 * rejects the pipeline up front.
 */
export interface ConformanceCase {
  /** Unique, stable id: `<group>/<name>`. */
  readonly id: string;
  /** Capability group the case belongs to, for reporting. */
  readonly group: string;
  /** What the case checks, in a sentence. */
  readonly description: string;
  /** Input files (path relative to the work dir → content: text, or bytes for a binary format such as Parquet). */
  readonly files?: Readonly<Record<string, string | Uint8Array>>;
  /** Builds the case's pipeline, its file paths resolved in the work directory. */
  readonly pipeline: (context: CaseContext) => Pipeline;
  /** Expected rows per dataset, compared order-insensitively unless `ordered`. */
  readonly expected: Readonly<Record<string, readonly Row[]>>;
  /** Compare rows in order (for a dataset whose rows the query sorts); default false. */
  readonly ordered?: boolean;
  /** Expected run status; default `completed`. */
  readonly status?: 'completed' | 'failed';
  /** Expected expectation counts per flow, from the flow's completed event. */
  readonly expectationResults?: Readonly<Record<string, readonly ExpectationResult[]>>;
  /** Rows each named flow reports written by this run (`FlowOutcome.rowsWritten`). */
  readonly rowsWritten?: Readonly<Record<string, number>>;
  /** Expected failed flows and their error code, for failure cases. */
  readonly failedFlows?: Readonly<Record<string, string>>;
  /**
   * A second run of the same pipeline on the same backend, after writing
   * more input files: what the datasets hold then (streaming reads each file
   * once; batch datasets are recomputed), and the counts of that run alone.
   */
  readonly rerun?: Rerun;
}

/** The second run of a {@link ConformanceCase}: what it adds, how it selects, and what it must leave. */
export interface Rerun {
  /** Input files written before the second run (path relative to the work dir → content), beside the first run's. */
  readonly files?: Readonly<Record<string, string | Uint8Array>>;
  /**
   * The second run's selection. A case with one runs only on backends with
   * the `selectiveRefresh` capability.
   */
  readonly options?: Pick<RunOptions, 'refresh' | 'fullRefresh'>;
  /** Flows the selection leaves out: each must end `excluded`, and no other may. */
  readonly excludedFlows?: readonly string[];
  /** Expected rows per dataset after the second run (everything the datasets hold then). */
  readonly expected: Readonly<Record<string, readonly Row[]>>;
  /** Expected expectation counts per flow, of the second run alone. */
  readonly expectationResults?: Readonly<Record<string, readonly ExpectationResult[]>>;
  /** Rows each named flow reports written by the second run alone. */
  readonly rowsWritten?: Readonly<Record<string, number>>;
}
