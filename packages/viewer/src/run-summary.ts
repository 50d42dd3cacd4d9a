import type { RunState } from '@thund/events';
import type { RunPhase } from '@thund/ir';

/** The run as the page's header and timeline show it. */
export interface RunSummary {
  /** The run id of the first event; `null` before any event. */
  readonly runId: string | null;
  /** The pipeline's latest phase; `queued` until a pipeline event says otherwise. */
  readonly phase: RunPhase;
  /** When the pipeline left `queued` (RFC 3339); `null` until it has. */
  readonly startedAt: string | null;
  /** When the pipeline reached a terminal phase (RFC 3339); `null` until it has. */
  readonly endedAt: string | null;
  /** How many events arrived so far, of any element. */
  readonly events: number;
  /** How many of them had level `warn`. */
  readonly warnings: number;
  /** How many of them had level `error`. */
  readonly errors: number;
}

/**
 * The run-level fields of a run state, absent ones as `null` so they survive
 * JSON. The flows are left out: the page gets them as node views.
 */
export function runSummary(state: RunState): RunSummary {
  return {
    runId: state.runId ?? null,
    phase: state.phase,
    startedAt: state.startedAt ?? null,
    endedAt: state.endedAt ?? null,
    events: state.events,
    warnings: state.warnings,
    errors: state.errors,
  };
}
