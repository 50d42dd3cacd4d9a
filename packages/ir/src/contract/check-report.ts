import type { ElementRef } from '../model/element-ref.js';

/** A feature a backend may lack; stable identifiers for tooling. */
export type Feature =
  | 'batch'
  | 'streaming'
  | 'event_time'
  | 'window_kind'
  | 'output_mode'
  | 'trigger'
  | 'cdc'
  | 'cdc_scd_type'
  | 'expectation_action'
  | 'dataset_type'
  | 'relation'
  | 'function'
  | 'sql_dialect'
  | 'file_format'
  | 'batch_sink'
  /** A list, struct or map type (see `Capabilities.nestedTypes`). */
  | 'nested_type'
  /** A sink location that would replace something it must not (see `outputLocationViolations`). */
  | 'output_location'
  /** Raw SQL that is not exactly one query (more statements, or COPY, ATTACH, SET, …). */
  | 'raw_sql'
  /** A path a sandboxed backend may not touch (outside its base directory, or a URL). */
  | 'sandbox_path';

/** One thing in a pipeline that a backend cannot do. */
export interface Violation {
  /** Name of the backend that cannot do it. */
  readonly backend: string;
  /** The dataset or flow that needs the feature. */
  readonly element: ElementRef;
  /** Which capability is missing. */
  readonly feature: Feature;
  /** The unsupported value (`update`, `session`, `date_trunc`, `spark`, …). */
  readonly value: string;
  /** What is unsupported and, where known, what to do instead. */
  readonly message: string;
  /** JSON path into the pipeline document. */
  readonly path: string;
}

/** A backend's verdict on a pipeline from `check`: every violation found, not just the first. */
export interface CheckReport {
  /** Name of the backend that checked. */
  readonly backend: string;
  /** `true` when there are no violations, so the pipeline can run. */
  readonly ok: boolean;
  /** Every reason the backend cannot run the pipeline. */
  readonly violations: readonly Violation[];
}
