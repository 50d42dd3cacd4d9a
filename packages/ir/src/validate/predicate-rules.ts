import { lookupFunction } from '../catalog/function-catalog.js';
import type { ValidationIssue } from '../errors/validation-error.js';
import type { Expression } from '../plan/expr/expression.js';
import { walkPlan } from '../plan/plan-walk.js';
import { type ColumnTypes, expressionType } from '../infer/expression-type.js';
import { flowOutputSchema, joinScope, scopeOf } from '../infer/plan-schema.js';
import { dataTypeLabel } from '../model/data-type.js';
import { type Rule, flowRef, issue } from './context.js';

/** What an expression yields, as far as its shape tells: a boolean, something else (and what), or only a run knows. */
type Yields = { readonly bool: true } | { readonly bool: false; readonly what: string } | undefined;

const COMPARISONS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'and', 'or', 'like']);

function yields(node: Expression): Yields {
  switch (node.kind) {
    case 'literal':
      if (typeof node.value === 'boolean') return { bool: true };
      if (node.value === null) return undefined;
      return { bool: false, what: typeof node.value === 'string' ? `the string ${JSON.stringify(node.value)}` : `the number ${node.value}` };
    case 'binary':
      return COMPARISONS.has(node.op) ? { bool: true } : { bool: false, what: `an arithmetic "${node.op}"` };
    case 'unary':
      return node.op === 'neg' ? { bool: false, what: 'a negation' } : { bool: true };
    case 'in':
      return { bool: true };
    case 'cast':
      return node.to === 'bool' ? { bool: true } : { bool: false, what: 'a cast to a non-boolean type' };
    case 'call': {
      const returns = lookupFunction(node.name)?.returns.fixed;
      if (returns === undefined) return undefined;
      return returns === 'bool' ? { bool: true } : { bool: false, what: `a call of ${node.name} (it returns ${dataTypeLabel(returns)})` };
    }
    case 'alias':
      return yields(node.expr);
    default:
      return undefined;
  }
}

/** A column's or CASE's type, where the input's types tell it. */
function typedYield(node: Expression, columns: ColumnTypes | undefined): Yields {
  const type = columns === undefined ? undefined : expressionType(node, columns);
  if (type === undefined || type === 'bool') return type === undefined ? undefined : { bool: true };
  return { bool: false, what: `${node.kind === 'column' ? `column "${node.name}", ` : ''}of type ${dataTypeLabel(type)}` };
}

/**
 * Filter conditions, join conditions and expectation predicates must be
 * predicates. The commonest slip is SQL text where a predicate belongs —
 * `.filter('amount > 100')` is the string "amount > 100", which an engine
 * fails to cast to a boolean only at run time. Refused wherever the shape
 * of the expression tells (literals, arithmetic, casts, cataloged functions)
 * or the inferred types do (a column, a CASE).
 */
export const booleanPredicates: Rule = ({ pipeline, schemaOf }) => {
  const issues: ValidationIssue[] = [];
  pipeline.flows.forEach((flow, i) => {
    const check = (expr: Expression | undefined, path: readonly PropertyKey[], what: string, columns?: ColumnTypes): void => {
      const found = expr === undefined ? undefined : yields(expr) ?? typedYield(expr, columns);
      if (found === undefined || found.bool) return;
      const hint = expr?.kind === 'literal' && typeof expr.value === 'string'
        ? '; a string there is a value, not SQL: build the predicate, e.g. col(\'amount\').gt(100) (in JSON {"kind":"binary","op":"gt",…})'
        : '; compare it to something (eq, gt, is_not_null, …)';
      issues.push(issue('non_boolean_predicate', path, `flow "${flow.name}": ${what} is ${found.what}, not a predicate${hint}`, flowRef(flow)));
    };
    walkPlan(flow.query, {
      relation(node, path) {
        if (node.kind === 'filter') check(node.condition, ['flows', i, 'query', ...path, 'condition'], 'the condition of its filter', scopeOf(node.input, schemaOf).type);
        if (node.kind === 'join') check(node.on, ['flows', i, 'query', ...path, 'on'], 'the condition of its join', joinScope(node, schemaOf).type);
      },
    });
    // Expectations judge the rows the flow writes (a CDC flow's are the spec's business).
    const written = flow.kind === 'cdc' ? undefined : flowOutputSchema(flow, schemaOf);
    const columns: ColumnTypes = (c) => (c.relation === undefined ? written?.find((f) => f.name.toLowerCase() === c.name.toLowerCase())?.type : undefined);
    for (const [j, e] of (flow.expectations ?? []).entries()) check(e.predicate, ['flows', i, 'expectations', j, 'predicate'], `expectation "${e.name}"`, columns);
  });
  return issues;
};
