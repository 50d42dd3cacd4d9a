import type { Expression } from './expression.js';
import type { SortKey } from './sort-key.js';

/** A window frame in rows; `null` bounds are unbounded. */
export interface RowsFrame {
  /**
   * First row of the frame relative to the current one (negative: preceding, `0`: current row); `null` is
   * unbounded preceding.
   */
  readonly start: number | null;
  /** Last row of the frame relative to the current one (positive: following); `null` is unbounded following. */
  readonly end: number | null;
}

/**
 * `fn(args) OVER (PARTITION BY … ORDER BY … ROWS …)`: a window function or an
 * aggregate evaluated over a window. Allowed in Window relations only.
 */
export interface WindowCallNode {
  /** Discriminant: `window_call`. */
  readonly kind: 'window_call';
  /** Catalog name of the window or aggregate function. */
  readonly name: string;
  /** Arguments, in order. */
  readonly args: readonly Expression[];
  /** Rows are numbered and framed within each partition of these values. */
  readonly partitionBy: readonly Expression[];
  /** Order of rows within a partition. */
  readonly orderBy: readonly SortKey[];
  /** Rows frame; the engine's default frame when absent. */
  readonly frame?: RowsFrame;
}

/** Type guard and factory for {@link WindowCallNode} plan nodes. */
export const WindowCallNode = Object.freeze({
  /** Whether a plan node is a window call (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is WindowCallNode {
    return node.kind === 'window_call';
  },
  /** A frozen window call; leaves `frame` out when it is undefined. */
  create(
    name: string,
    args: readonly Expression[],
    partitionBy: readonly Expression[],
    orderBy: readonly SortKey[],
    frame?: RowsFrame,
  ): WindowCallNode {
    const base = { kind: 'window_call' as const, name, args, partitionBy, orderBy };
    return Object.freeze(frame === undefined ? base : { ...base, frame });
  },
});
