/** Reads a dataset declared in the pipeline. External data enters through `read_files`. */
export interface ReadNode {
  readonly kind: 'read';
  readonly dataset: string;
}

export const ReadNode = Object.freeze({
  is(node: { readonly kind: string }): node is ReadNode {
    return node.kind === 'read';
  },
  create(dataset: string): ReadNode {
    return Object.freeze({ kind: 'read', dataset });
  },
});
