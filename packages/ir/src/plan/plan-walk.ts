import { childExpressions, type Expression } from './expr/expression.js';
import type { RelationNode } from './rel/relation.js';

/** Where an expression sits, which decides whether aggregates or window calls may appear. */
export type ExpressionContext = 'row' | 'aggregate' | 'window';

export interface PlanVisitor {
  relation?(node: RelationNode, path: readonly PropertyKey[]): void;
  expression?(node: Expression, path: readonly PropertyKey[], context: ExpressionContext): void;
}

/** Walks a plan and every expression in it, with JSON paths relative to the plan root. */
export function walkPlan(root: RelationNode, visitor: PlanVisitor, base: readonly PropertyKey[] = []): void {
  const expr = (node: Expression, path: readonly PropertyKey[], context: ExpressionContext): void => {
    visitor.expression?.(node, path, context);
    const children = childExpressions(node);
    // Arguments of an aggregate or window call are row-level again.
    const inner: ExpressionContext = node.kind === 'call' || node.kind === 'window_call' ? 'row' : context;
    childPaths(node).forEach((childPath, i) => expr(children[i] as Expression, [...path, ...childPath], inner));
  };
  const rel = (node: RelationNode, path: readonly PropertyKey[]): void => {
    visitor.relation?.(node, path);
    switch (node.kind) {
      case 'read':
      case 'read_files':
      case 'sql':
        return;
      case 'filter':
        expr(node.condition, [...path, 'condition'], 'row');
        break;
      case 'project':
        node.columns.forEach((c, i) => expr(c, [...path, 'columns', i], 'row'));
        break;
      case 'aggregate':
        node.groupBy.forEach((c, i) => expr(c, [...path, 'groupBy', i], 'row'));
        node.aggregates.forEach((c, i) => expr(c, [...path, 'aggregates', i], 'aggregate'));
        break;
      case 'join':
        if (node.on !== undefined) expr(node.on, [...path, 'on'], 'row');
        rel(node.left, [...path, 'left']);
        rel(node.right, [...path, 'right']);
        return;
      case 'union':
        node.inputs.forEach((input, i) => rel(input, [...path, 'inputs', i]));
        return;
      case 'sort':
        node.keys.forEach((k, i) => expr(k.expr, [...path, 'keys', i, 'expr'], 'row'));
        break;
      case 'window':
        node.expressions.forEach((c, i) => expr(c, [...path, 'expressions', i], 'window'));
        break;
      case 'limit':
      case 'deduplicate':
        break;
    }
    rel(node.input, [...path, 'input']);
  };
  rel(root, base);
}

/** Path segments of each child returned by `childExpressions`, in the same order. */
function childPaths(node: Expression): readonly (readonly PropertyKey[])[] {
  switch (node.kind) {
    case 'column':
    case 'literal':
    case 'star':
      return [];
    case 'cast':
    case 'unary':
    case 'alias':
      return [['expr']];
    case 'binary':
      return [['left'], ['right']];
    case 'case':
      return [
        ...node.branches.flatMap((_, i) => [['branches', i, 'when'], ['branches', i, 'then']]),
        ...(node.otherwise === undefined ? [] : [['otherwise']]),
      ];
    case 'in':
      return [['expr'], ...node.list.map((_, i) => ['list', i])];
    case 'call':
      return node.args.map((_, i) => ['args', i]);
    case 'window_call':
      return [
        ...node.args.map((_, i) => ['args', i]),
        ...node.partitionBy.map((_, i) => ['partitionBy', i]),
        ...node.orderBy.map((_, i) => ['orderBy', i, 'expr']),
      ];
  }
}
