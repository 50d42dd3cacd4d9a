import type { ElementKind, EventLevel, RunPhase } from '@thund/ir';
import type { JsonObject } from '@thund/ir';

/**
 * One record of the pipelines viewer format: the same shape whichever
 * backend ran the pipeline. `status` is the element's lifecycle phase when
 * the event is a transition, else `null` (an informational event).
 */
export interface ViewerEvent {
  /** Identifier of the run the event belongs to (possibly overridden to group reruns). */
  readonly run_id: string;
  /** RFC 3339 with milliseconds, UTC. */
  readonly timestamp: string;
  /** Name of the pipeline, dataset or flow the event concerns. */
  readonly element: string;
  /** What kind of element `element` names. */
  readonly element_kind: ElementKind;
  /** The element's new lifecycle phase, or `null` for an informational event. */
  readonly status: RunPhase | null;
  /** Severity. */
  readonly level: EventLevel;
  /** Human-readable description. */
  readonly message: string;
  /** Snake_case details: rows_read, rows_written, duration_ms, expectations, epoch, watermark, late_rows, error, … */
  readonly details: JsonObject;
}
