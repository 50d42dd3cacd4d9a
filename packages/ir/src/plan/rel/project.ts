import type { Expression } from '../expr/expression.js';
import type { RelationNode } from './relation.js';

/** `SELECT columns FROM input`. Use a star expression to keep the input's columns. */
export interface ProjectNode {
  /** Discriminant: `project`. */
  readonly kind: 'project';
  /** The rows to project. */
  readonly input: RelationNode;
  /** Output columns, in order. */
  readonly columns: readonly Expression[];
}

/** Type guard and factory for {@link ProjectNode} plan nodes. */
export const ProjectNode = Object.freeze({
  /** Whether a relation node is a projection (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is ProjectNode {
    return node.kind === 'project';
  },
  /** A frozen projection node. */
  create(input: RelationNode, columns: readonly Expression[]): ProjectNode {
    return Object.freeze({ kind: 'project', input, columns });
  },
});
