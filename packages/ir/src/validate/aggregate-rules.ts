import { lookupFunction } from '../catalog/function-catalog.js';
import { type Expression, childExpressionsAt, outputName } from '../plan/expr/expression.js';
import type { AggregateNode } from '../plan/rel/aggregate.js';
import { type FlowReport, type Rule, perFlow } from './context.js';


const isAggregateCall = (node: Expression): boolean => node.kind === 'call' && lookupFunction(node.name)?.kind === 'aggregate';
const unaliased = (node: Expression): Expression => (node.kind === 'alias' ? unaliased(node.expr) : node);

/**
 * An aggregation's outputs are its group keys and aggregates of its input:
 * an aggregate inside another (`sum(count(x))`) and a column that is
 * neither grouped by nor inside an aggregate are refused, as both engines
 * refuse them when they run.
 */
export const aggregatesWellFormed: Rule = ({ pipeline }) =>
  perFlow(pipeline, (_flow, _i, report, eachRelation) => eachRelation((node, path) => {
    if (node.kind === 'aggregate') checkAggregate(node, path, report);
  }));

function checkAggregate(node: AggregateNode, path: readonly PropertyKey[], report: FlowReport): void {
  const keys = new Set(node.groupBy.map((g) => JSON.stringify(unaliased(g))));
  const keyNames = new Set(node.groupBy.map(outputName).filter((n): n is string => n !== undefined).map((n) => n.toLowerCase()));
  const grouped = node.groupBy.map(outputName).filter((n): n is string => n !== undefined);
  const visit = (expr: Expression, at: readonly PropertyKey[], insideAggregate: string | undefined): void => {
    if (insideAggregate === undefined && keys.has(JSON.stringify(expr))) return;
    if (isAggregateCall(expr) && expr.kind === 'call') {
      if (insideAggregate !== undefined) {
        report('nested_aggregate', at, `aggregate "${expr.name}" is inside aggregate "${insideAggregate}": aggregate in one flow, then aggregate its result in a second flow that reads the first`);
        return;
      }
      for (const [k, arg] of expr.args.entries()) visit(arg, [...at, 'args', k], expr.name);
      return;
    }
    if (expr.kind === 'column' && insideAggregate === undefined && !keyNames.has(expr.name.toLowerCase())) {
      const listed = grouped.length === 0 ? 'it groups by nothing' : `it groups by ${grouped.join(', ')}`;
      report('ungrouped_column', [...at, 'name'], `column "${expr.name}" is neither grouped by nor inside an aggregate (${listed}): add it to groupBy(...) or aggregate it (e.g. max(${expr.name}))`);
      return;
    }
    for (const child of childExpressionsAt(expr)) visit(child.node, [...at, ...child.path], insideAggregate);
  };
  node.aggregates.forEach((a, j) => {
    let expr = a;
    const at: PropertyKey[] = [...path, 'aggregates', j];
    while (expr.kind === 'alias') {
      expr = expr.expr;
      at.push('expr');
    }
    visit(expr, at, undefined);
  });
}
