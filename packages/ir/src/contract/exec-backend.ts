import type { Pipeline } from '../model/pipeline.js';
import type { Capabilities } from './capabilities.js';
import type { CheckReport } from './check-report.js';
import type { RunHandle, RunOptions } from './run-handle.js';

/** The contract every execution backend implements. */
export interface ExecBackend {
  /** What this backend can express and run. Pure and cheap; called often. */
  capabilities(): Capabilities;

  /**
   * Every reason this backend cannot run `pipeline`, without running
   * anything. Usually `checkAgainst(pipeline, this.capabilities())` plus
   * engine-specific rules.
   */
  check(pipeline: Pipeline): CheckReport;

  /**
   * Starts running `pipeline` and returns at once. A pipeline that fails
   * `check` ends as a failed run before any data moves.
   */
  run(pipeline: Pipeline, options?: RunOptions): RunHandle;
}
