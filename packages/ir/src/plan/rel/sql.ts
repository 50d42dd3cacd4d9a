/**
 * The escape hatch: a query in one engine's SQL dialect. A backend that
 * cannot run the dialect rejects the flow in `check`. Datasets it reads
 * must be listed in the flow's `reads`.
 */
export interface SqlNode {
  /** Discriminant: `sql`. */
  readonly kind: 'sql';
  /** The engine dialect the SQL is written in, e.g. `spark` or `duckdb`. */
  readonly dialect: string;
  /** One SELECT query in that dialect. */
  readonly sql: string;
}

/** Type guard and factory for {@link SqlNode} plan nodes. */
export const SqlNode = Object.freeze({
  /** Whether a relation node is a raw SQL query (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is SqlNode {
    return node.kind === 'sql';
  },
  /** A frozen raw-SQL node in the given dialect. */
  create(dialect: string, sql: string): SqlNode {
    return Object.freeze({ kind: 'sql', dialect, sql });
  },
});
