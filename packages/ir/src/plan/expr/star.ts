/** All columns of the input (`*`), optionally of one join side. */
export interface StarNode {
  /** Discriminant: `star`. */
  readonly kind: 'star';
  /** Join-side alias, for `o.*`; all input columns when absent. */
  readonly relation?: string;
}

/** Type guard and factory for {@link StarNode} plan nodes. */
export const StarNode = Object.freeze({
  /** Whether a plan node is a star (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is StarNode {
    return node.kind === 'star';
  },
  /** A frozen `*` (or `relation.*`) node. */
  create(relation?: string): StarNode {
    return Object.freeze(relation === undefined ? { kind: 'star' } : { kind: 'star', relation });
  },
});
