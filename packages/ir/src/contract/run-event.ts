import type { ExpectationAction } from '../model/expectation.js';
import type { ElementRef } from '../model/element-ref.js';
import type { ThundErrorCode } from '../errors/error-code.js';

/** Lifecycle of a run and of each flow in it. */
export type RunPhase = 'queued' | 'planning' | 'running' | 'completed' | 'failed' | 'cancelled';

export const RUN_PHASES: readonly RunPhase[] = ['queued', 'planning', 'running', 'completed', 'failed', 'cancelled'];

export const TERMINAL_PHASES: ReadonlySet<RunPhase> = new Set(['completed', 'failed', 'cancelled']);

export type EventLevel = 'debug' | 'info' | 'warn' | 'error';

/** Pass/fail counts of one expectation over the rows a flow processed. */
export interface ExpectationResult {
  readonly name: string;
  readonly action: ExpectationAction;
  readonly passed: number;
  readonly failed: number;
}

export interface RunEventError {
  readonly code: ThundErrorCode;
  readonly message: string;
  /** Engine-specific error class (e.g. Spark's `UNRESOLVED_COLUMN.WITH_SUGGESTION`). */
  readonly engineClass?: string;
  /** Failing rows, for a failed expectation. */
  readonly sample?: readonly Readonly<Record<string, unknown>>[];
}

/** Structured facts an event carries where the backend knows them. */
export interface RunEventDetails {
  readonly rowsRead?: number;
  readonly rowsWritten?: number;
  readonly durationMs?: number;
  readonly expectations?: readonly ExpectationResult[];
  /** Micro-batch id of a streaming flow. */
  readonly epoch?: number;
  /** Watermark after the micro-batch, RFC 3339. */
  readonly watermark?: string;
  readonly lateRows?: number;
  readonly stateRows?: number;
  /** Why a flow was skipped or cancelled. */
  readonly reason?: string;
  readonly error?: RunEventError;
}

/** One thing that happened during a run, from either backend. */
export interface RunEvent {
  /** RFC 3339 with milliseconds, UTC. */
  readonly timestamp: string;
  readonly runId: string;
  readonly element: ElementRef;
  /** Set when the event is a lifecycle transition of `element`. */
  readonly phase?: RunPhase;
  readonly level: EventLevel;
  readonly message: string;
  readonly details?: RunEventDetails;
}
