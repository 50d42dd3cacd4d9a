import type { Expression } from './expression.js';

/** One `WHEN … THEN …` branch of a {@link CaseNode}. */
export interface CaseBranch {
  /** Condition; the first branch whose condition is true wins (NULL counts as false). */
  readonly when: Expression;
  /** Value when the condition holds. */
  readonly then: Expression;
}

/** `CASE WHEN … THEN … ELSE … END`; a missing `otherwise` is NULL. */
export interface CaseNode {
  /** Discriminant: `case`. */
  readonly kind: 'case';
  /** Branches, tried in order. */
  readonly branches: readonly CaseBranch[];
  /** Value when no branch matches; NULL when absent. */
  readonly otherwise?: Expression;
}

/** Type guard and factory for {@link CaseNode} plan nodes. */
export const CaseNode = Object.freeze({
  /** Whether a plan node is a CASE expression (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is CaseNode {
    return node.kind === 'case';
  },
  /** A frozen CASE node; leaves `otherwise` out when it is undefined. */
  create(branches: readonly CaseBranch[], otherwise?: Expression): CaseNode {
    return Object.freeze(otherwise === undefined ? { kind: 'case', branches } : { kind: 'case', branches, otherwise });
  },
});
