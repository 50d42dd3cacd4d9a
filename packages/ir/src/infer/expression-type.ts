import { nestedAccessType } from './nested-access.js';
import { lookupFunction } from '../catalog/function-catalog.js';
import type { DataType } from '../model/data-type.js';
import type { ColumnNode } from '../plan/expr/column.js';
import type { Expression } from '../plan/expr/expression.js';
import { widenTypes as widen } from '../catalog/result-types.js';
import { arithmeticType, commonType } from './type-algebra.js';

/** The type of a column in scope; `undefined` when the column's type (or the column) is not known. */
export type ColumnTypes = (column: ColumnNode) => DataType | undefined;

/** `null` is the type of a NULL literal: it takes any other type it meets. */
type Inferred = DataType | null | undefined;

const PREDICATES = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'and', 'or', 'like']);

/**
 * The type an expression yields over input columns of the given types, as
 * every backend computes it; `undefined` when only a run would tell (a
 * column whose type is unknown, a function of unknown argument types).
 */
export function expressionType(node: Expression, columns: ColumnTypes, memo?: ExpressionTypes): DataType | undefined {
  const type = infer(node, columns, memo);
  return type === null ? undefined : type;
}

/** Types already worked out for the nodes of one expression tree in one scope (for callers asking about every subexpression). */
export type ExpressionTypes = WeakMap<Expression, DataType | null | undefined>;

function infer(node: Expression, columns: ColumnTypes, memo?: ExpressionTypes): Inferred {
  if (memo === undefined) return inferNode(node, (child) => infer(child, columns), columns);
  if (memo.has(node)) return memo.get(node);
  const type = inferNode(node, (child) => infer(child, columns, memo), columns);
  memo.set(node, type);
  return type;
}

function inferNode(node: Expression, infer: (child: Expression) => Inferred, columns: ColumnTypes): Inferred {
  switch (node.kind) {
    case 'literal':
      if (node.type !== undefined) return node.type;
      if (node.value === null) return null;
      if (typeof node.value === 'boolean') return 'bool';
      if (typeof node.value === 'string') return 'utf8';
      return numberType(node.value);
    case 'column':
      return columns(node);
    case 'alias':
      return infer(node.expr);
    case 'cast':
      return node.to;
    case 'unary':
      return node.op === 'neg' ? infer(node.expr) : 'bool';
    case 'in':
      return 'bool';
    case 'binary': {
      if (PREDICATES.has(node.op)) return 'bool';
      const left = infer(node.left);
      const right = infer(node.right);
      // `div` is true division on every backend: a double.
      if (node.op === 'div') return 'float64';
      return widen([left, right], (a, b) => arithmeticType(node.op as 'add' | 'sub' | 'mul' | 'mod', a, b));
    }
    case 'case':
      return widen([...node.branches.map((b) => infer(b.then)), node.otherwise === undefined ? null : infer(node.otherwise)], commonType);
    case 'call':
    case 'window_call':
      return callType(node.name, node.args, node.args.map((a) => infer(a)));
    case 'star':
      return undefined;
    case 'field':
    case 'subscript':
      return nestedAccessType(node, infer(node.expr));
  }
}

/** A number literal's type on every backend: an int32 when it fits, else an int64 while exact in a JS number, else a double. */
function numberType(value: number): DataType {
  if (!Number.isSafeInteger(value)) return 'float64';
  return Math.abs(value) <= 2_147_483_647 ? 'int32' : 'int64';
}

function callType(name: string, args: readonly Expression[], types: readonly Inferred[]): Inferred {
  const signature = lookupFunction(name);
  if (signature === undefined) return undefined;
  return signature.returns.infer(args.map((node, i) => ({ type: types[i], ...(node.kind === 'literal' ? { literal: node.value } : {}) })));
}
