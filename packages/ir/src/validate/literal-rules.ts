import type { ValidationIssue } from '../errors/validation-error.js';
import type { DataType } from '../model/data-type.js';
import type { Flow } from '../model/flow.js';
import { type Expression, childExpressionsAt } from '../plan/expr/expression.js';
import { INTEGER_RANGES } from '../plan/expr/integer-literal.js';
import type { LiteralNode } from '../plan/expr/literal.js';
import { walkPlan } from '../plan/plan-walk.js';
import { type Rule, flowRef, issue } from './context.js';

/**
 * A literal typed as an integer holds an integer of that type: a whole
 * number, or its digits as a string (how integers beyond ±(2^53 − 1) are
 * written), within the type's range. Engines would otherwise fail the run
 * (DuckDB) or read NULL (Spark without ANSI mode).
 */
export const literalValues: Rule = ({ pipeline }) => {
  const issues: ValidationIssue[] = [];
  pipeline.flows.forEach((flow, i) => {
    const check = (node: LiteralNode, path: readonly PropertyKey[]): void => {
      const problem = integerProblem(node);
      if (problem !== undefined) issues.push(issue('literal_value', path, `flow "${flow.name}": literal ${problem}`, flowRef(flow)));
    };
    walkPlan(flow.query, { expression: (node, path) => node.kind === 'literal' && check(node, path) }, ['flows', i, 'query']);
    for (const [root, path] of otherExpressions(flow, i)) eachLiteral(root, path, check);
  });
  return issues;
};

function eachLiteral(node: Expression, path: readonly PropertyKey[], visit: (node: LiteralNode, path: readonly PropertyKey[]) => void): void {
  if (node.kind === 'literal') visit(node, path);
  for (const child of childExpressionsAt(node)) eachLiteral(child.node, [...path, ...child.path], visit);
}

/** Expectations and CDC conditions, each with its path. */
function otherExpressions(flow: Flow, i: number): [Expression, PropertyKey[]][] {
  const roots: [Expression, PropertyKey[]][] = [];
  for (const [j, e] of (flow.expectations ?? []).entries()) roots.push([e.predicate, ['flows', i, 'expectations', j, 'predicate']]);
  if (flow.cdc?.deleteWhen !== undefined) roots.push([flow.cdc.deleteWhen, ['flows', i, 'cdc', 'deleteWhen']]);
  if (flow.cdc?.applyAsTruncates !== undefined) roots.push([flow.cdc.applyAsTruncates, ['flows', i, 'cdc', 'applyAsTruncates']]);
  return roots;
}

function integerProblem(node: LiteralNode): string | undefined {
  const type: DataType | undefined = node.type;
  if (typeof type !== 'string' || !(type in INTEGER_RANGES)) return undefined;
  const { value } = node;
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
  const exact = typeof value === 'number' ? (Number.isInteger(value) ? BigInt(value) : undefined) : /^-?\d+$/.test(value) ? BigInt(value) : undefined;
  if (exact === undefined) return `${shown} is not an integer, and its type is ${type}: write a whole number, or give it another type`;
  const range = INTEGER_RANGES[type as keyof typeof INTEGER_RANGES];
  if (exact < range.min || exact > range.max) {
    return `${shown} is outside ${type} (${range.min} to ${range.max}): give it a wider type (int64, or {"type":"decimal","precision":38,"scale":0})`;
  }
  return undefined;
}
