/** A reference to a column of the input, optionally qualified by a join side's alias. */
export interface ColumnNode {
  readonly kind: 'column';
  readonly name: string;
  readonly relation?: string;
}

export const ColumnNode = Object.freeze({
  is(node: { readonly kind: string }): node is ColumnNode {
    return node.kind === 'column';
  },
  create(name: string, relation?: string): ColumnNode {
    return Object.freeze(relation === undefined ? { kind: 'column', name } : { kind: 'column', name, relation });
  },
});
