/** The column a {@link RangeNode} outputs: Spark's and SQL's name for it. */
export const RANGE_COLUMN = 'id';

/**
 * `range(start, end, step)`: rows made from nothing, one BIGINT column `id`
 * holding start, start + step, … up to but not including end (down to, with
 * a negative step). Pipelines use it for calendars and number tables. Always
 * a batch relation: in a streaming flow it is read whole, like a dataset
 * joined to the stream.
 */
export interface RangeNode {
  /** Discriminant: `range`. */
  readonly kind: 'range';
  /** The first value. */
  readonly start: number;
  /** The bound, not included. */
  readonly end: number;
  /** The difference between consecutive values; not 0. */
  readonly step: number;
}

/** Type guard and factory for {@link RangeNode} plan nodes. */
export const RangeNode = Object.freeze({
  /** Whether a relation node is a range (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is RangeNode {
    return node.kind === 'range';
  },
  /** A frozen range node; `step` defaults to 1. */
  create(start: number, end: number, step = 1): RangeNode {
    return Object.freeze({ kind: 'range', start, end, step });
  },
});

/** How many rows a range makes (0 when the step points away from the end). */
export function rangeRowCount(node: Pick<RangeNode, 'start' | 'end' | 'step'>): number {
  if (node.step === 0) return 0;
  const span = node.end - node.start;
  if (Math.sign(span) !== Math.sign(node.step)) return 0;
  return Math.ceil(span / node.step);
}
