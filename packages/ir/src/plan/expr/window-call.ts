import type { Expression } from './expression.js';
import type { SortKey } from './sort-key.js';

/** A window frame in rows; `null` bounds are unbounded. */
export interface RowsFrame {
  readonly start: number | null;
  readonly end: number | null;
}

/**
 * `fn(args) OVER (PARTITION BY … ORDER BY … ROWS …)`: a window function or an
 * aggregate evaluated over a window. Allowed in Window relations only.
 */
export interface WindowCallNode {
  readonly kind: 'window_call';
  readonly name: string;
  readonly args: readonly Expression[];
  readonly partitionBy: readonly Expression[];
  readonly orderBy: readonly SortKey[];
  readonly frame?: RowsFrame;
}

export const WindowCallNode = Object.freeze({
  is(node: { readonly kind: string }): node is WindowCallNode {
    return node.kind === 'window_call';
  },
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
