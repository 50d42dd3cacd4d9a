import type { DataType } from '../../model/data-type.js';
import type { Expression } from './expression.js';

export interface CastNode {
  readonly kind: 'cast';
  readonly expr: Expression;
  readonly to: DataType;
}

export const CastNode = Object.freeze({
  is(node: { readonly kind: string }): node is CastNode {
    return node.kind === 'cast';
  },
  create(expr: Expression, to: DataType): CastNode {
    return Object.freeze({ kind: 'cast', expr, to });
  },
});
