import { type AnySlot, type ChildAt, type ChildSlot, frozenFields, kindsOf, slotChildren } from '../node-fields.js';
import type { AliasNode } from './alias.js';
import type { BinaryNode } from './binary.js';
import type { CallNode } from './call.js';
import type { CaseNode } from './case.js';
import type { CastNode } from './cast.js';
import type { ColumnNode } from './column.js';
import type { FieldNode } from './field.js';
import type { InListNode } from './in-list.js';
import type { LiteralNode } from './literal.js';
import type { StarNode } from './star.js';
import type { SubscriptNode } from './subscript.js';
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
  | StarNode
  | FieldNode
  | SubscriptNode;

/** The `kind` of an {@link Expression}. */
export type ExpressionKind = Expression['kind'];

/**
 * Where an expression of type `N` keeps its child expressions, in order. A
 * field with a `context` holds row-level expressions whatever the node's
 * own context (the arguments of an aggregate or window call); children of
 * the other fields share the node's context.
 */
export type ExpressionFields<N> = readonly (ChildSlot<N, Expression> & {
  /** Set on the arguments of aggregate and window calls, which are row-level. */
  readonly context?: 'row';
})[];

/**
 * Each expression kind's child fields, described once: `childExpressions`,
 * `walkExpression`, `walkPlan` (with its JSON paths) and `EXPRESSION_KINDS`
 * follow from it. A kind of the union missing here is a compile error.
 */
export const EXPRESSION_FIELDS = frozenFields({
  column: [],
  literal: [],
  cast: [{ field: 'expr' }],
  binary: [{ field: 'left' }, { field: 'right' }],
  unary: [{ field: 'expr' }],
  case: [{ field: 'branches', each: ['when', 'then'] }, { field: 'otherwise' }],
  in: [{ field: 'expr' }, { field: 'list', each: true }],
  call: [{ field: 'args', each: true, context: 'row' }],
  window_call: [
    { field: 'args', each: true, context: 'row' },
    { field: 'partitionBy', each: true, context: 'row' },
    { field: 'orderBy', each: ['expr'], context: 'row' },
  ],
  alias: [{ field: 'expr' }],
  star: [],
  field: [{ field: 'expr' }],
  subscript: [{ field: 'expr' }, { field: 'index' }],
} as const satisfies { readonly [K in ExpressionKind]: ExpressionFields<Extract<Expression, { kind: K }>> });

/** Every expression kind, in the order of `EXPRESSION_FIELDS`. */
export const EXPRESSION_KINDS: readonly ExpressionKind[] = kindsOf(EXPRESSION_FIELDS);

/** The descriptions as the generic reader sees them. */
const FIELDS: { readonly [K in ExpressionKind]: readonly (AnySlot & { readonly context?: 'row' })[] } = EXPRESSION_FIELDS;

/** The direct children of an expression, with their paths and, for row-level arguments, their context. */
export function childExpressionsAt(node: Expression): readonly (ChildAt<Expression> & { readonly context?: 'row' })[] {
  return slotChildren<Expression, AnySlot & { readonly context?: 'row' }>(node, FIELDS[node.kind])
    .map(({ node: child, path, slot }) => (slot.context === undefined ? { node: child, path } : { node: child, path, context: slot.context }));
}

/** Every direct child expression of a node, in order. */
export function childExpressions(node: Expression): readonly Expression[] {
  return childExpressionsAt(node).map((child) => child.node);
}

/** Depth-first walk over an expression tree. */
export function walkExpression(node: Expression, visit: (node: Expression) => void): void {
  visit(node);
  for (const child of childExpressions(node)) walkExpression(child, visit);
}

/**
 * The output column name of a projected expression: its alias, a column's
 * name, a struct field's name, or, for a cast of a named expression, that
 * name (as in Spark's DataFrame API). Anything else has no portable name
 * and must be aliased.
 */
export function outputName(node: Expression): string | undefined {
  if (node.kind === 'alias' || node.kind === 'column' || node.kind === 'field') return node.name;
  if (node.kind === 'cast') return outputName(node.expr);
  return undefined;
}
