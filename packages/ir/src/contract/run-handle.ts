import type { ExpectationResult, RunEvent, RunEventError, RunPhase } from './run-event.js';

export interface FlowOutcome {
  readonly name: string;
  /** Terminal phase of the flow; `cancelled` also covers flows skipped after an upstream failure. */
  readonly phase: RunPhase;
  /**
   * Rows the flow wrote this run. For a `cdc` flow: the change rows it
   * applied this run (deletes included), the same on every backend.
   */
  readonly rowsWritten?: number;
  readonly expectations?: readonly ExpectationResult[];
  readonly error?: RunEventError;
}

export interface RunResult {
  readonly runId: string;
  readonly status: 'completed' | 'failed' | 'cancelled';
  readonly flows: readonly FlowOutcome[];
  readonly durationMs: number;
  readonly error?: RunEventError;
}

/**
 * A run in progress. Iterate it for events (every iteration replays from
 * the first event, so a late consumer misses nothing); await `result` for
 * the outcome. `result` never rejects: failures are in `status`.
 */
export interface RunHandle extends AsyncIterable<RunEvent> {
  readonly runId: string;
  /** Stops the run: queued flows are cancelled, running ones interrupted. Resolves when the run has ended. */
  cancel(): Promise<void>;
  readonly result: Promise<RunResult>;
}

export interface RunOptions {
  /** Identifier of the run; generated when absent. */
  readonly runId?: string;
  /** Aborting the signal is the same as `cancel()`. */
  readonly signal?: AbortSignal;
  /** Recompute every dataset from scratch (drop tables, reset checkpoints). */
  readonly fullRefresh?: boolean;
  /** Plan and check everything but write nothing. */
  readonly dryRun?: boolean;
}
