import type { Duration } from './duration.js';

/** When a streaming flow processes input. */
export type Trigger =
  /** Process everything available now (in as many micro-batches as needed), then stop. */
  | { readonly kind: 'available_now' }
  /** Process everything available now in one micro-batch, then stop. */
  | { readonly kind: 'once' }
  /** Start a micro-batch every `interval` until cancelled. */
  | { readonly kind: 'processing_time'; readonly interval: Duration };

export type TriggerKind = Trigger['kind'];
export const TRIGGER_KINDS: readonly TriggerKind[] = ['available_now', 'once', 'processing_time'];

/**
 * The event-time column of a streaming flow and how late a row may arrive.
 * The watermark is `max(event time seen) - delay`, the minimum across inputs.
 */
export interface Watermark {
  readonly column: string;
  readonly delay: Duration;
}

export type WindowKind = 'tumbling' | 'hopping' | 'session';
export const WINDOW_KINDS: readonly WindowKind[] = ['tumbling', 'hopping', 'session'];

/**
 * An event-time window. The flow's aggregation is grouped by the window:
 * its output gains `window_start` and `window_end` columns. `column`
 * defaults to the watermark column.
 */
export type WindowSpec =
  | { readonly kind: 'tumbling'; readonly size: Duration; readonly column?: string }
  | { readonly kind: 'hopping'; readonly size: Duration; readonly slide: Duration; readonly column?: string }
  | { readonly kind: 'session'; readonly gap: Duration; readonly column?: string };

/**
 * How a streaming aggregation writes its result: `append` emits a window
 * once, after the watermark passes its end; `update` rewrites changed rows
 * each micro-batch; `complete` rewrites the whole result each micro-batch.
 */
export type OutputMode = 'append' | 'update' | 'complete';
export const OUTPUT_MODES: readonly OutputMode[] = ['append', 'update', 'complete'];
