/** Reads a dataset declared in the pipeline. External data enters through `read_files`. */
export interface ReadNode {
  /** Discriminant: `read`. */
  readonly kind: 'read';
  /** Name of the dataset to read. */
  readonly dataset: string;
}

/** Type guard and factory for {@link ReadNode} plan nodes. */
export const ReadNode = Object.freeze({
  /** Whether a relation node is a dataset read (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is ReadNode {
    return node.kind === 'read';
  },
  /** A frozen read of the named dataset. */
  create(dataset: string): ReadNode {
    return Object.freeze({ kind: 'read', dataset });
  },
});
