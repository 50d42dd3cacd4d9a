import type { Expression } from '../expr/expression.js';
import type { RelationNode } from './relation.js';

export type JoinType = 'inner' | 'left' | 'right' | 'full' | 'semi' | 'anti' | 'cross';

export const JOIN_TYPES: readonly JoinType[] = ['inner', 'left', 'right', 'full', 'semi', 'anti', 'cross'];

/**
 * Joins two inputs. Sides are named by `leftAlias` / `rightAlias` so
 * columns can be qualified; `using` joins on equally named columns.
 */
export interface JoinNode {
  readonly kind: 'join';
  readonly type: JoinType;
  readonly left: RelationNode;
  readonly right: RelationNode;
  readonly leftAlias?: string;
  readonly rightAlias?: string;
  readonly on?: Expression;
  readonly using?: readonly string[];
}

export const JoinNode = Object.freeze({
  is(node: { readonly kind: string }): node is JoinNode {
    return node.kind === 'join';
  },
  create(
    type: JoinType,
    left: RelationNode,
    right: RelationNode,
    extra: Pick<JoinNode, 'on' | 'using' | 'leftAlias' | 'rightAlias'> = {},
  ): JoinNode {
    return Object.freeze({ kind: 'join', type, left, right, ...extra });
  },
});
