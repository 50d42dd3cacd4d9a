/** The kind of pipeline element an event, issue or error concerns. */
export type ElementKind = 'pipeline' | 'dataset' | 'flow';

/** Names one element of a pipeline. */
export interface ElementRef {
  /** Whether the element is the pipeline, a dataset or a flow. */
  readonly kind: ElementKind;
  /** The element's name (the pipeline's name for `pipeline`). */
  readonly name: string;
}

/** A label for messages, e.g. `flow "orders_clean"`. */
export function elementLabel(element: ElementRef): string {
  return `${element.kind} "${element.name}"`;
}
