import type { ValidationIssue } from '../errors/validation-error.js';
import { ALL_FUNCTION_NAMES, lookupFunction } from '../catalog/function-catalog.js';
import { arityLabel } from '../catalog/function-signature.js';
import { closestName } from './closest-name.js';
import { type Expression, outputName, walkExpression } from '../plan/expr/expression.js';
import { walkPlan } from '../plan/plan-walk.js';
import { type Rule, flowRef, issue } from './context.js';

/** Every call names a cataloged function, with a valid arity, where its kind is allowed. */
export const functionUse: Rule = ({ pipeline }) => {
  const issues: ValidationIssue[] = [];
  const insideAggregate = new WeakSet<Expression>();
  pipeline.flows.forEach((flow, i) => {
    const ref = flowRef(flow);
    walkPlan(
      flow.query,
      {
        expression(node, path, context) {
          if (node.kind !== 'call' && node.kind !== 'window_call') return;
          const signature = lookupFunction(node.name);
          if (signature === undefined) {
            const guess = closestName(node.name, ALL_FUNCTION_NAMES);
            issues.push(issue('unknown_function', path, `flow "${flow.name}" calls "${node.name}", which is not in the function catalog: ${guess === undefined ? 'use a cataloged function or raw SQL' : `did you mean "${guess}"?`}`, ref));
            return;
          }
          const n = node.args.length;
          if (n < signature.minArgs || (signature.maxArgs !== null && n > signature.maxArgs)) {
            issues.push(issue('function_arity', path, `"${node.name}" takes ${arityLabel(signature)} argument(s), got ${n}`, ref));
          }
          // An aggregate inside an aggregate's arguments is reported once, as nested (aggregate-rules.ts).
          if (node.kind === 'call' && signature.kind === 'aggregate' && context === 'aggregate') for (const arg of node.args) walkExpression(arg, (e) => insideAggregate.add(e));
          if (node.kind === 'call' && signature.kind === 'aggregate' && context !== 'aggregate' && !insideAggregate.has(node)) {
            issues.push(issue('aggregate_outside_aggregation', path, `aggregate "${node.name}" is used outside an aggregation in flow "${flow.name}": use it in groupBy(...).agg(...), or over a window`, ref));
          }
          if (signature.kind === 'window' && node.kind === 'call') {
            issues.push(issue('window_function_outside_window', path, `window function "${node.name}" needs .over(...) inside a window relation`, ref));
          }
          if (node.kind === 'window_call' && context !== 'window') {
            issues.push(issue('window_function_outside_window', path, `window call "${node.name}" may only appear in a window relation (Frame.window)`, ref));
          }
          if (node.kind === 'window_call' && signature.kind === 'scalar') {
            issues.push(issue('window_function_outside_window', path, `scalar function "${node.name}" cannot be evaluated over a window`, ref));
          }
        },
      },
      ['flows', i, 'query'],
    );
  });
  return issues;
};

/**
 * Every output column has a portable name: engines name unaliased
 * expressions differently (`upper(name)` vs `upper("name")`), so a plan
 * must alias anything that is not a column, a star or a cast of one.
 */
export const namedOutputs: Rule = ({ pipeline }) => {
  const issues: ValidationIssue[] = [];
  pipeline.flows.forEach((flow, i) => {
    walkPlan(
      flow.query,
      {
        relation(node, path) {
          const outputs =
            node.kind === 'project' ? node.columns.map((c, j) => [c, [...path, 'columns', j]] as const)
            : node.kind === 'aggregate' ? [
                ...node.groupBy.map((c, j) => [c, [...path, 'groupBy', j]] as const),
                ...node.aggregates.map((c, j) => [c, [...path, 'aggregates', j]] as const),
              ]
            : node.kind === 'window' ? node.expressions.map((c, j) => [c, [...path, 'expressions', j]] as const)
            : [];
          for (const [expression, at] of outputs) {
            if (expression.kind !== 'star' && outputName(expression) === undefined) {
              issues.push(issue('unnamed_column', at, `flow "${flow.name}" outputs a ${expression.kind} expression without a name: give it one with .as("name") (an "alias" node)`, flowRef(flow)));
            }
          }
        },
      },
      ['flows', i, 'query'],
    );
  });
  return issues;
};
