/** The kind of pipeline element an event, issue or error concerns. */
export type ElementKind = 'pipeline' | 'dataset' | 'flow';

/** Names one element of a pipeline. */
export interface ElementRef {
  readonly kind: ElementKind;
  readonly name: string;
}

export function elementLabel(element: ElementRef): string {
  return `${element.kind} "${element.name}"`;
}
