import type { ExpectationResult, RunEvent, RunEventError, RunPhase } from './run-event.js';

/** How one flow of a run ended. */
export interface FlowOutcome {
  /** Name of the flow. */
  readonly name: string;
  /**
   * Terminal phase of the flow; `cancelled` also covers flows skipped after
   * an upstream failure, `excluded` the flows a selection left out.
   */
  readonly phase: RunPhase;
  /**
   * Rows the flow wrote this run. For a `cdc` flow: the change rows it
   * applied this run (deletes included), the same on every backend.
   */
  readonly rowsWritten?: number;
  /** Pass/fail counts of the flow's expectations this run. */
  readonly expectations?: readonly ExpectationResult[];
  /** Why the flow failed, when it did. */
  readonly error?: RunEventError;
}

/** The outcome of a run; what `RunHandle.result` resolves to. */
export interface RunResult {
  /** Identifier of the run. */
  readonly runId: string;
  /** How the run ended: `completed`, `failed` (a flow failed, or the run was refused) or `cancelled`. */
  readonly status: 'completed' | 'failed' | 'cancelled';
  /** Outcome of each flow. */
  readonly flows: readonly FlowOutcome[];
  /** Wall time of the run, in milliseconds. */
  readonly durationMs: number;
  /** What made the run fail, when it did. */
  readonly error?: RunEventError;
}

/**
 * A run in progress. Iterate it for events (every iteration replays from
 * the first event, so a late consumer misses nothing); await `result` for
 * the outcome. `result` never rejects: failures are in `status`.
 */
export interface RunHandle extends AsyncIterable<RunEvent> {
  /** Identifier of the run, also on every event. */
  readonly runId: string;
  /** Stops the run: queued flows are cancelled, running ones interrupted. Resolves when the run has ended. */
  cancel(): Promise<void>;
  /** Resolves to the outcome once the run has ended; never rejects. */
  readonly result: Promise<RunResult>;
}

/** Options of `ExecBackend.run`. */
export interface RunOptions {
  /** Identifier of the run; generated when absent. */
  readonly runId?: string;
  /** Aborting the signal is the same as `cancel()`. */
  readonly signal?: AbortSignal;
  /**
   * Recompute datasets from scratch (empty their tables and sinks, reset
   * their checkpoints): `true` for every dataset, or a list of dataset
   * names, which also selects them as `refresh` does. See `selectRun`.
   * Needs the backend's `selectiveRefresh` capability for a list.
   */
  readonly fullRefresh?: boolean | readonly string[];
  /**
   * Refresh only these datasets: the flows writing them run (with the flows
   * of the temporary views they read); every other flow is `excluded` and
   * its dataset keeps what it holds. Needs the backend's `selectiveRefresh`
   * capability.
   */
  readonly refresh?: readonly string[];
  /** Plan and check everything but write nothing. */
  readonly dryRun?: boolean;
}
