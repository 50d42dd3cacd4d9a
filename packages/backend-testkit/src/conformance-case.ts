import type { ExpectationResult, Pipeline } from '@thund/ir';
import type { Row } from './backend-under-test.js';

/** Paths of a case's input files, resolved inside its work directory. */
export interface CaseContext {
  readonly workDir: string;
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
  readonly description: string;
  /** Input files (path relative to the work dir → content). */
  readonly files?: Readonly<Record<string, string>>;
  readonly pipeline: (context: CaseContext) => Pipeline;
  /** Expected rows per dataset, compared order-insensitively unless `ordered`. */
  readonly expected: Readonly<Record<string, readonly Row[]>>;
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

export interface Rerun {
  readonly files?: Readonly<Record<string, string>>;
  readonly expected: Readonly<Record<string, readonly Row[]>>;
  readonly expectationResults?: Readonly<Record<string, readonly ExpectationResult[]>>;
  readonly rowsWritten?: Readonly<Record<string, number>>;
}
