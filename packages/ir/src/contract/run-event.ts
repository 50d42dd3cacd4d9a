import type { ExpectationAction } from '../model/expectation.js';
import type { ElementRef } from '../model/element-ref.js';
import type { ThundErrorCode } from '../errors/error-code.js';

/**
 * Lifecycle of a run and of each flow in it. `excluded` is a flow's
 * terminal phase when a run's selection (`RunOptions.refresh`) left it out:
 * it did not run, and its dataset keeps what it held.
 */
export type RunPhase = 'queued' | 'planning' | 'running' | 'completed' | 'failed' | 'cancelled' | 'excluded';

/** Every {@link RunPhase}, in lifecycle order. */
export const RUN_PHASES: readonly RunPhase[] = ['queued', 'planning', 'running', 'completed', 'failed', 'cancelled', 'excluded'];

/** The phases a run or flow ends in; no event follows them for that element. */
export const TERMINAL_PHASES: ReadonlySet<RunPhase> = new Set(['completed', 'failed', 'cancelled', 'excluded']);

/** Severity of a run event, for filtering and display. */
export type EventLevel = 'debug' | 'info' | 'warn' | 'error';

/** Pass/fail counts of one expectation over the rows a flow processed. */
export interface ExpectationResult {
  /** Name of the expectation. */
  readonly name: string;
  /** What the expectation does with failing rows. */
  readonly action: ExpectationAction;
  /** Rows that satisfied the predicate. */
  readonly passed: number;
  /** Rows that did not (a NULL result counts as a failure). */
  readonly failed: number;
}

/** Two sets of expectation counts added by name (a run's totals and one micro-batch's), in the order first seen. */
export function sumExpectations(total: readonly ExpectationResult[], more: readonly ExpectationResult[]): ExpectationResult[] {
  const sums = new Map(total.map((e) => [e.name, e]));
  for (const e of more) {
    const seen = sums.get(e.name);
    sums.set(e.name, seen === undefined ? e : { ...seen, passed: seen.passed + e.passed, failed: seen.failed + e.failed });
  }
  return [...sums.values()];
}

/** The error an event reports, in a form that survives JSON. */
export interface RunEventError {
  /** Stable error code. */
  readonly code: ThundErrorCode;
  /** The full error message. */
  readonly message: string;
  /** Engine-specific error class (e.g. Spark's `UNRESOLVED_COLUMN.WITH_SUGGESTION`). */
  readonly engineClass?: string;
  /** Failing rows, for a failed expectation. */
  readonly sample?: readonly Readonly<Record<string, unknown>>[];
}

/** Structured facts an event carries where the backend knows them. */
export interface RunEventDetails {
  /** Rows the flow read. */
  readonly rowsRead?: number;
  /** Rows the flow wrote. */
  readonly rowsWritten?: number;
  /** Wall time of the flow or run, in milliseconds. */
  readonly durationMs?: number;
  /** Pass/fail counts of the flow's expectations. */
  readonly expectations?: readonly ExpectationResult[];
  /** Micro-batch id of a streaming flow. */
  readonly epoch?: number;
  /** Watermark after the micro-batch, RFC 3339. */
  readonly watermark?: string;
  /** Rows of a streaming micro-batch dropped for arriving behind the watermark. */
  readonly lateRows?: number;
  /** Rows a streaming flow keeps in its state store after the micro-batch. */
  readonly stateRows?: number;
  /** Why a flow was skipped or cancelled. */
  readonly reason?: string;
  /** The error, on a failure. */
  readonly error?: RunEventError;
}

/** One thing that happened during a run, from either backend. */
export interface RunEvent {
  /** RFC 3339 with milliseconds, UTC. */
  readonly timestamp: string;
  /** Identifier of the run the event belongs to. */
  readonly runId: string;
  /** The pipeline, dataset or flow the event concerns. */
  readonly element: ElementRef;
  /** Set when the event is a lifecycle transition of `element`. */
  readonly phase?: RunPhase;
  /** Severity. */
  readonly level: EventLevel;
  /** Human-readable description. */
  readonly message: string;
  /** Structured facts, where the backend knows them. */
  readonly details?: RunEventDetails;
}
