import { type ColumnTypes, type ExpressionTypes, expressionType } from '../infer/expression-type.js';
import { structField } from '../infer/nested-access.js';
import { type ColumnScope, flowOutputSchema, joinScope, scopeOf } from '../infer/plan-schema.js';
import { commonType, isInteger, isStruct } from '../infer/type-algebra.js';
import { type DataType, dataTypeLabel } from '../model/data-type.js';
import { type Expression, childExpressionsAt } from '../plan/expr/expression.js';
import type { FieldNode } from '../plan/expr/field.js';
import { relationExpressionsAt } from '../plan/rel/relation.js';
import { closestName } from './closest-name.js';
import { type FlowReport, type Rule, perFlow } from './context.js';

/**
 * Field access and subscripts, where the container's type is known: `a.b`
 * names a field of a struct, or of each struct of a list of them
 * (`unknown_field`, with the closest field), a
 * subscript is on a list with an integer position or on a map with a key
 * of its key type (`nested_access`), as Spark's analyzer refuses them.
 */
export const nestedAccess: Rule = ({ pipeline, schemaOf }) =>
  perFlow(pipeline, (flow, i, report, eachRelation) => {
    eachRelation((node, path) => {
      let scope: ColumnScope | undefined;
      if (node.kind === 'join') scope = joinScope(node, schemaOf);
      else if ('input' in node) scope = scopeOf(node.input, schemaOf);
      if (scope === undefined) return;
      for (const child of relationExpressionsAt(node)) checkAccess(child.node, [...path, ...child.path], scope.type, report);
    });
    const written = flow.kind === 'cdc' ? undefined : flowOutputSchema(flow, schemaOf);
    if (written === undefined) return;
    const types: ColumnTypes = (column) => (column.relation === undefined ? written.find((f) => f.name.toLowerCase() === column.name.toLowerCase())?.type : undefined);
    for (const [j, e] of (flow.expectations ?? []).entries()) checkAccess(e.predicate, ['flows', i, 'expectations', j, 'predicate'], types, report);
  });

function checkAccess(root: Expression, path: readonly PropertyKey[], columns: ColumnTypes, report: FlowReport): void {
  const memo: ExpressionTypes = new WeakMap();
  const typeOf = (node: Expression): DataType | undefined => expressionType(node, columns, memo);
  const visit = (node: Expression, at: readonly PropertyKey[]): void => {
    for (const child of childExpressionsAt(node)) visit(child.node, [...at, ...child.path]);
    if (node.kind === 'field') checkField(node, typeOf(node.expr), at, report);
    if (node.kind === 'subscript') checkSubscript(typeOf(node.expr), typeOf(node.index), at, report);
  };
  visit(root, path);
}

function checkField(node: FieldNode, outer: DataType | undefined, at: readonly PropertyKey[], report: FlowReport): void {
  if (outer === undefined) return;
  // A field of a list of structs reads that field of each struct.
  const container = typeof outer === 'object' && outer.type === 'list' && isStruct(outer.element) ? outer.element : outer;
  if (!isStruct(container)) {
    const hint = typeof container === 'object' && (container.type === 'list' || container.type === 'map') ? `: to read one of its ${container.type === 'list' ? 'elements' : 'values'}, use a subscript ([…])` : '';
    report('nested_access', at, `".${node.name}" reads a field of a struct, but it is applied to ${dataTypeLabel(container)}${hint}`);
    return;
  }
  if (structField(container, node.name) !== undefined) return;
  const names = container.fields.map((f) => f.name);
  const close = closestName(node.name, names);
  report('unknown_field', [...at, 'name'], `the struct has no field "${node.name}"${close === undefined ? '' : ` (did you mean "${close}"?)`}: its fields are ${names.map((n) => `"${n}"`).join(', ')}`);
}

function checkSubscript(container: DataType | undefined, index: DataType | undefined, at: readonly PropertyKey[], report: FlowReport): void {
  if (container === undefined) return;
  if (typeof container === 'object' && container.type === 'list') {
    if (index !== undefined && !isInteger(index)) report('nested_access', [...at, 'index'], `a list's subscript is a 0-based position, an integer, but it is ${dataTypeLabel(index)}: cast it to an integer type`);
    return;
  }
  if (typeof container === 'object' && container.type === 'map') {
    if (index !== undefined && commonType(index, container.key) === undefined) {
      report('nested_access', [...at, 'index'], `the map's keys are ${dataTypeLabel(container.key)}, but its subscript is ${dataTypeLabel(index)}: cast the key to ${dataTypeLabel(container.key)}`);
    }
    return;
  }
  const hint = isStruct(container) ? ': to read a field of a struct, use .name' : '';
  report('nested_access', at, `a subscript ([…]) reads an element of a list or a value of a map, but it is applied to ${dataTypeLabel(container)}${hint}`);
}
