import type { Expression } from '../expr/expression.js';
import type { RelationNode } from './relation.js';

export interface FilterNode {
  readonly kind: 'filter';
  readonly input: RelationNode;
  readonly condition: Expression;
}

export const FilterNode = Object.freeze({
  is(node: { readonly kind: string }): node is FilterNode {
    return node.kind === 'filter';
  },
  create(input: RelationNode, condition: Expression): FilterNode {
    return Object.freeze({ kind: 'filter', input, condition });
  },
});
