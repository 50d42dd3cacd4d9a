import type { Expression } from '../expr/expression.js';
import type { RelationNode } from './relation.js';

/** `SELECT columns FROM input`. Use a star expression to keep the input's columns. */
export interface ProjectNode {
  readonly kind: 'project';
  readonly input: RelationNode;
  readonly columns: readonly Expression[];
}

export const ProjectNode = Object.freeze({
  is(node: { readonly kind: string }): node is ProjectNode {
    return node.kind === 'project';
  },
  create(input: RelationNode, columns: readonly Expression[]): ProjectNode {
    return Object.freeze({ kind: 'project', input, columns });
  },
});
