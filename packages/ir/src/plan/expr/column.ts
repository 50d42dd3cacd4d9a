/** A reference to a column of the input, optionally qualified by a join side's alias. */
export interface ColumnNode {
  /** Discriminant: `column`. */
  readonly kind: 'column';
  /** Column name in the input. */
  readonly name: string;
  /** Join-side alias qualifying the column, e.g. `o` in `o.id`. */
  readonly relation?: string;
}

/** Type guard and factory for {@link ColumnNode} plan nodes. */
export const ColumnNode = Object.freeze({
  /** Whether a plan node is a column reference (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is ColumnNode {
    return node.kind === 'column';
  },
  /** A frozen column reference; leaves `relation` out when it is undefined. */
  create(name: string, relation?: string): ColumnNode {
    return Object.freeze(relation === undefined ? { kind: 'column', name } : { kind: 'column', name, relation });
  },
});
