import type { ElementKind, EventLevel, RunPhase } from '@thund/ir';
import type { JsonObject } from '@thund/ir';

/**
 * One record of the pipelines viewer format: the same shape whichever
 * backend ran the pipeline. `status` is the element's lifecycle phase when
 * the event is a transition, else `null` (an informational event).
 */
export interface ViewerEvent {
  readonly run_id: string;
  readonly timestamp: string;
  readonly element: string;
  readonly element_kind: ElementKind;
  readonly status: RunPhase | null;
  readonly level: EventLevel;
  readonly message: string;
  /** Snake_case details: rows_read, rows_written, duration_ms, expectations, epoch, watermark, late_rows, error, … */
  readonly details: JsonObject;
}
