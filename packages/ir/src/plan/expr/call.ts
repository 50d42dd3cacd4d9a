import type { Expression } from './expression.js';

/** A call of a function from the function catalog (scalar or aggregate). */
export interface CallNode {
  /** Discriminant: `call`. */
  readonly kind: 'call';
  /** Catalog name of the function (see `FUNCTION_CATALOG`). */
  readonly name: string;
  /** Arguments, in order. */
  readonly args: readonly Expression[];
}

/** Type guard and factory for {@link CallNode} plan nodes. */
export const CallNode = Object.freeze({
  /** Whether a plan node is a function call (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is CallNode {
    return node.kind === 'call';
  },
  /** A frozen call of the catalog function `name`; the name is not checked here (validation does). */
  create(name: string, args: readonly Expression[]): CallNode {
    return Object.freeze({ kind: 'call', name, args });
  },
});
