import type { ValidationIssue } from '../errors/validation-error.js';
import type { Flow } from '../model/flow.js';
import { type Expression, childExpressionsAt } from '../plan/expr/expression.js';
import { walkPlan } from '../plan/plan-walk.js';
import { type RelationNode, relationExpressionsAt } from '../plan/rel/relation.js';
import { type InferredSchema, flowOutputSchema, joinScope, scopeOf } from '../infer/plan-schema.js';
import { closestName } from './closest-name.js';
import { type Rule, flowRef, issue } from './context.js';

/**
 * Every column a flow names exists where it is named: in the input of the
 * node that uses it (a join's `on`: either side), in both sides of a join's
 * `using`, in a deduplication's input, and the flow's watermark and window
 * columns in its aggregation's input. Checked wherever the input's columns
 * follow from the pipeline (`staticColumns`: declared schemas, schemas of
 * `read_files`, and the nodes above them); where only a run would tell (a
 * CSV without a schema, raw SQL), nothing is claimed. Engines resolve names
 * case-insensitively, so this does too. Each unknown column is reported at
 * its JSON path with the input's columns and, if one is close, a "did you
 * mean".
 */
export const knownColumns: Rule = ({ pipeline, columnsOf, schemaOf }) => {
  const issues: ValidationIssue[] = [];
  pipeline.flows.forEach((flow, i) => {
    const base = ['flows', i, 'query'] as const;
    const report = (name: string, path: readonly PropertyKey[], where: string, columns: readonly string[]): void => {
      const guess = closestName(name, columns);
      issues.push(issue(
        'unknown_column', path,
        `flow "${flow.name}": column "${name}" does not exist in ${where} (its columns: ${columns.join(', ')})${guess === undefined ? '; use one of those' : `; did you mean "${guess}"?`}`,
        flowRef(flow),
      ));
    };
    walkPlan(flow.query, {
      relation(node, path) {
        checkRelation(node, [...base, ...path], schemaOf, report);
      },
    });
    checkEventTime(flow, columnsOf, (name, key, columns) => report(name, ['flows', i, key, 'column'], `the input of its aggregation (its ${key})`, columns));
    // Expectations judge the rows the flow writes (a CDC flow's are the spec's business).
    const written = flow.kind === 'cdc' ? undefined : flowOutputSchema(flow, schemaOf)?.map((f) => f.name);
    if (written !== undefined) {
      (flow.expectations ?? []).forEach((e, j) => {
        checkExpression(e.predicate, ['flows', i, 'expectations', j, 'predicate'], (c) => (c.relation === undefined ? written : undefined), `the rows it writes (expectation "${e.name}")`, report);
      });
    }
  });
  return issues;
};

type ColumnsOf = (node: RelationNode) => readonly string[] | undefined;
type SchemaOf = (node: RelationNode) => InferredSchema;
type Report = (name: string, path: readonly PropertyKey[], where: string, columns: readonly string[]) => void;

const has = (columns: readonly string[], name: string): boolean => columns.some((c) => c.toLowerCase() === name.toLowerCase());

/** The columns a node's expressions and column lists must name (its scope: `scopeOf`, `joinScope`), and what is wrong with them. */
function checkRelation(node: RelationNode, path: readonly PropertyKey[], schemaOf: SchemaOf, report: Report): void {
  const names = (schema: InferredSchema): readonly string[] | undefined => schema?.map((f) => f.name);
  if (node.kind === 'join') {
    const sides = [['left', names(schemaOf(node.left))], ['right', names(schemaOf(node.right))]] as const;
    for (const [j, name] of (node.using ?? []).entries()) {
      for (const [side, columns] of sides) {
        if (columns !== undefined && !has(columns, name)) report(name, [...path, 'using', j], `the ${side} side of its join`, columns);
      }
    }
    if (node.on !== undefined && sides.every(([, columns]) => columns !== undefined)) {
      const scope = joinScope(node, schemaOf);
      checkExpression(node.on, [...path, 'on'], (column) => names(scope.columns(column.relation)), 'its join\'s two sides', report);
    }
    return;
  }
  if (!('input' in node)) return;
  const input = names(schemaOf(node.input));
  if (input === undefined) return;
  const where = `the input of its ${node.kind}`;
  if (node.kind === 'deduplicate') {
    for (const [j, name] of (node.columns ?? []).entries()) if (!has(input, name)) report(name, [...path, 'columns', j], where, input);
    return;
  }
  const scope = scopeOf(node.input, schemaOf);
  for (const child of relationExpressionsAt(node)) checkExpression(child.node, [...path, ...child.path], (column) => names(scope.columns(column.relation)), where, report);
}

/** Reports each column of an expression tree that the columns in scope (by qualifier; `undefined`: not known) do not hold. */
function checkExpression(root: Expression, path: readonly PropertyKey[], scope: (column: { readonly relation?: string }) => readonly string[] | undefined, where: string, report: Report): void {
  const visit = (node: Expression, at: readonly PropertyKey[]): void => {
    if (node.kind === 'column' && !node.name.includes('.')) {
      const columns = scope(node);
      if (columns !== undefined && !has(columns, node.name)) report(node.name, [...at, 'name'], where, columns);
    }
    for (const child of childExpressionsAt(node)) visit(child.node, [...at, ...child.path]);
  };
  visit(root, path);
}

/** A windowed or watermarked flow's event-time columns, in its aggregation's input (or its output, without one). */
function checkEventTime(flow: Flow, columnsOf: ColumnsOf, report: (name: string, key: 'watermark' | 'window', columns: readonly string[]) => void): void {
  const input: RelationNode = flow.query.kind === 'aggregate' ? flow.query.input : flow.query;
  const columns = flow.watermark === undefined && flow.window?.column === undefined ? undefined : columnsOf(input);
  if (columns === undefined) return;
  if (flow.watermark !== undefined && !has(columns, flow.watermark.column)) report(flow.watermark.column, 'watermark', columns);
  if (flow.window?.column !== undefined && !has(columns, flow.window.column)) report(flow.window.column, 'window', columns);
}
