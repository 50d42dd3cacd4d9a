import type { AliasNode } from './alias.js';
import type { BinaryNode } from './binary.js';
import type { CallNode } from './call.js';
import type { CaseNode } from './case.js';
import type { CastNode } from './cast.js';
import type { ColumnNode } from './column.js';
import type { InListNode } from './in-list.js';
import type { LiteralNode } from './literal.js';
import type { StarNode } from './star.js';
import type { UnaryNode } from './unary.js';
import type { WindowCallNode } from './window-call.js';

/** The closed union of expression nodes. Adding a kind breaks every visitor until it handles it. */
export type Expression =
  | ColumnNode
  | LiteralNode
  | CastNode
  | BinaryNode
  | UnaryNode
  | CaseNode
  | InListNode
  | CallNode
  | WindowCallNode
  | AliasNode
  | StarNode;

export type ExpressionKind = Expression['kind'];

export const EXPRESSION_KINDS: readonly ExpressionKind[] = [
  'column', 'literal', 'cast', 'binary', 'unary', 'case', 'in', 'call', 'window_call', 'alias', 'star',
];

/** Every direct child expression of a node, in order. */
export function childExpressions(node: Expression): readonly Expression[] {
  switch (node.kind) {
    case 'column':
    case 'literal':
    case 'star':
      return [];
    case 'cast':
    case 'unary':
    case 'alias':
      return [node.expr];
    case 'binary':
      return [node.left, node.right];
    case 'case':
      return [...node.branches.flatMap((b) => [b.when, b.then]), ...(node.otherwise === undefined ? [] : [node.otherwise])];
    case 'in':
      return [node.expr, ...node.list];
    case 'call':
      return node.args;
    case 'window_call':
      return [...node.args, ...node.partitionBy, ...node.orderBy.map((k) => k.expr)];
  }
}

/** Depth-first walk over an expression tree. */
export function walkExpression(node: Expression, visit: (node: Expression) => void): void {
  visit(node);
  for (const child of childExpressions(node)) walkExpression(child, visit);
}

/**
 * The output column name of a projected expression: its alias, a column's
 * name, or, for a cast of a named expression, that name (as in Spark's
 * DataFrame API). Anything else has no portable name and must be aliased.
 */
export function outputName(node: Expression): string | undefined {
  if (node.kind === 'alias' || node.kind === 'column') return node.name;
  if (node.kind === 'cast') return outputName(node.expr);
  return undefined;
}
