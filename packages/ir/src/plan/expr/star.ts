/** All columns of the input (`*`), optionally of one join side. */
export interface StarNode {
  readonly kind: 'star';
  readonly relation?: string;
}

export const StarNode = Object.freeze({
  is(node: { readonly kind: string }): node is StarNode {
    return node.kind === 'star';
  },
  create(relation?: string): StarNode {
    return Object.freeze(relation === undefined ? { kind: 'star' } : { kind: 'star', relation });
  },
});
