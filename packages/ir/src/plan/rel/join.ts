import type { Expression } from '../expr/expression.js';
import type { RelationNode } from './relation.js';

/**
 * How rows of two inputs are matched: the SQL join types, with `semi` / `anti` keeping left rows that have /
 * lack a match.
 */
export type JoinType = 'inner' | 'left' | 'right' | 'full' | 'semi' | 'anti' | 'cross';

/** Every {@link JoinType}. */
export const JOIN_TYPES: readonly JoinType[] = ['inner', 'left', 'right', 'full', 'semi', 'anti', 'cross'];

/**
 * Joins two inputs. Sides are named by `leftAlias` / `rightAlias` so
 * columns can be qualified; `using` joins on equally named columns.
 */
export interface JoinNode {
  /** Discriminant: `join`. */
  readonly kind: 'join';
  /** Join type. */
  readonly type: JoinType;
  /** Left input. */
  readonly left: RelationNode;
  /** Right input. */
  readonly right: RelationNode;
  /** Name that qualifies the left side's columns. */
  readonly leftAlias?: string;
  /** Name that qualifies the right side's columns. */
  readonly rightAlias?: string;
  /** Join condition (not with `using`; none for `cross`). */
  readonly on?: Expression;
  /** Columns of the same name on both sides to join on (not with `on`). */
  readonly using?: readonly string[];
}

/** Type guard and factory for {@link JoinNode} plan nodes. */
export const JoinNode = Object.freeze({
  /** Whether a relation node is a join (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is JoinNode {
    return node.kind === 'join';
  },
  /** A frozen join node; `extra` carries the condition (`on` or `using`) and the side aliases. */
  create(
    type: JoinType,
    left: RelationNode,
    right: RelationNode,
    extra: Pick<JoinNode, 'on' | 'using' | 'leftAlias' | 'rightAlias'> = {},
  ): JoinNode {
    return Object.freeze({ kind: 'join', type, left, right, ...extra });
  },
});
