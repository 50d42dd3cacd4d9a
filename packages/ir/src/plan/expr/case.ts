import type { Expression } from './expression.js';

export interface CaseBranch {
  readonly when: Expression;
  readonly then: Expression;
}

/** `CASE WHEN … THEN … ELSE … END`; a missing `otherwise` is NULL. */
export interface CaseNode {
  readonly kind: 'case';
  readonly branches: readonly CaseBranch[];
  readonly otherwise?: Expression;
}

export const CaseNode = Object.freeze({
  is(node: { readonly kind: string }): node is CaseNode {
    return node.kind === 'case';
  },
  create(branches: readonly CaseBranch[], otherwise?: Expression): CaseNode {
    return Object.freeze(otherwise === undefined ? { kind: 'case', branches } : { kind: 'case', branches, otherwise });
  },
});
