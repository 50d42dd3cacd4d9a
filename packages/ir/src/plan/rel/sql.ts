/**
 * The escape hatch: a query in one engine's SQL dialect. A backend that
 * cannot run the dialect rejects the flow in `check`. Datasets it reads
 * must be listed in the flow's `reads`.
 */
export interface SqlNode {
  readonly kind: 'sql';
  readonly dialect: string;
  readonly sql: string;
}

export const SqlNode = Object.freeze({
  is(node: { readonly kind: string }): node is SqlNode {
    return node.kind === 'sql';
  },
  create(dialect: string, sql: string): SqlNode {
    return Object.freeze({ kind: 'sql', dialect, sql });
  },
});
