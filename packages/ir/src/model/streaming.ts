import type { Duration } from './duration.js';

/** When a streaming flow processes input. */
export type Trigger =
  /** Process everything available now (in as many micro-batches as needed), then stop. */
  | {
      /** Discriminant. */
      readonly kind: 'available_now';
    }
  /** Process everything available now in one micro-batch, then stop. */
  | {
      /** Discriminant. */
      readonly kind: 'once';
    }
  /** Start a micro-batch every `interval` until cancelled. */
  | {
      /** Discriminant. */
      readonly kind: 'processing_time';
      /** Time between micro-batch starts. */
      readonly interval: Duration;
    };

/** The `kind` of a {@link Trigger}. */
export type TriggerKind = Trigger['kind'];
/** Every {@link TriggerKind}. */
export const TRIGGER_KINDS: readonly TriggerKind[] = ['available_now', 'once', 'processing_time'];

/**
 * The event-time column of a streaming flow and how late a row may arrive.
 * The watermark is `max(event time seen) - delay`, the minimum across inputs.
 */
export interface Watermark {
  /** Event-time column (a timestamp) the watermark follows. */
  readonly column: string;
  /** How late a row may arrive behind the newest event time seen and still be processed. */
  readonly delay: Duration;
}

/** The `kind` of a {@link WindowSpec}: fixed, overlapping or activity-gap windows. */
export type WindowKind = 'tumbling' | 'hopping' | 'session';
/** Every {@link WindowKind}. */
export const WINDOW_KINDS: readonly WindowKind[] = ['tumbling', 'hopping', 'session'];

/**
 * An event-time window. The flow's aggregation is grouped by the window:
 * its output gains `window_start` and `window_end` columns. `column`
 * defaults to the watermark column.
 */
export type WindowSpec =
  | {
      /** Fixed, non-overlapping windows. */
      readonly kind: 'tumbling';
      /** Window length. */
      readonly size: Duration;
      /** Event-time column; default: the watermark column. */
      readonly column?: string;
    }
  | {
      /** Overlapping windows of `size`, one starting every `slide`. */
      readonly kind: 'hopping';
      /** Window length. */
      readonly size: Duration;
      /** Time between window starts. */
      readonly slide: Duration;
      /** Event-time column; default: the watermark column. */
      readonly column?: string;
    }
  | {
      /** Windows that close after `gap` without events. */
      readonly kind: 'session';
      /** Inactivity that ends a session. */
      readonly gap: Duration;
      /** Event-time column; default: the watermark column. */
      readonly column?: string;
    };

/**
 * How a streaming aggregation writes its result: `append` emits a window
 * once, after the watermark passes its end; `update` rewrites changed rows
 * each micro-batch; `complete` rewrites the whole result each micro-batch.
 */
export type OutputMode = 'append' | 'update' | 'complete';
/** Every {@link OutputMode}. */
export const OUTPUT_MODES: readonly OutputMode[] = ['append', 'update', 'complete'];
