import type { MessageInitShape } from '@bufbuild/protobuf';
import { Expression_Cast_EvalMode, type ExpressionSchema } from '../gen/spark/connect/expressions_pb.js';

/** A Spark Connect Expression, as protobuf-es init data. */
export type ExprInit = MessageInitShape<typeof ExpressionSchema>;

/** `name(args…)` as an unresolved function (Spark resolves operators like `==` the same way). */
export function call(name: string, args: readonly ExprInit[], options: { readonly distinct?: boolean } = {}): ExprInit {
  return { exprType: { case: 'unresolvedFunction', value: { functionName: name, arguments: [...args], isDistinct: options.distinct ?? false } } };
}

/** `CAST(expr AS typeStr)`, or with `mode` 'try' a `TRY_CAST` (NULL where the value does not convert). */
export function cast(expr: ExprInit, typeStr: string, mode?: 'try'): ExprInit {
  const value = { expr, castToType: { case: 'typeStr' as const, value: typeStr } };
  return { exprType: { case: 'cast', value: mode === 'try' ? { ...value, evalMode: Expression_Cast_EvalMode.TRY } : value } };
}

export function alias(expr: ExprInit, name: string): ExprInit {
  return { exprType: { case: 'alias', value: { expr, name: [name] } } };
}

export function attribute(identifier: string): ExprInit {
  return { exprType: { case: 'unresolvedAttribute', value: { unparsedIdentifier: identifier } } };
}

export function literalInt(value: number): ExprInit {
  return { exprType: { case: 'literal', value: { literalType: { case: 'integer', value } } } };
}

export function literalLong(value: number): ExprInit {
  return { exprType: { case: 'literal', value: { literalType: { case: 'long', value: BigInt(value) } } } };
}

export function literalString(value: string): ExprInit {
  return { exprType: { case: 'literal', value: { literalType: { case: 'string', value } } } };
}

export function literalBool(value: boolean): ExprInit {
  return { exprType: { case: 'literal', value: { literalType: { case: 'boolean', value } } } };
}
