import { lookupFunction } from '../catalog/function-catalog.js';
import type { ArgumentClass } from '../catalog/function-signature.js';
import { type ColumnTypes, type ExpressionTypes, expressionType } from '../infer/expression-type.js';
import { type ColumnScope, type InferredSchema, flowOutputSchema, joinScope, scopeOf } from '../infer/plan-schema.js';
import { commonType, isInteger, isNumeric, isTemporal, isTimestamp, widensTo } from '../infer/type-algebra.js';
import { type DataType, dataTypeLabel } from '../model/data-type.js';
import type { Flow } from '../model/flow.js';
import { type Expression, childExpressionsAt } from '../plan/expr/expression.js';
import { type RelationNode, relationExpressionsAt } from '../plan/rel/relation.js';
import { type FlowReport, type Rule, perFlow } from './context.js';

type Report = FlowReport;

const COMPARISONS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte']);

/**
 * Types, wherever the pipeline tells them (`schemaResolver`): each
 * function's arguments are of the class the catalog gives, arithmetic is
 * on numbers, comparisons are between comparable values, `and`/`or`/`not`
 * and CASE conditions are predicates, CASE branches share a type, a
 * union's inputs have the same number of columns of compatible types,
 * ranking and offset window functions are ordered, watermark and window
 * columns are timestamps, and a flow's columns widen to its target's
 * declared types. Only what every engine would refuse at run time (or
 * what one engine runs and another refuses) is reported; an unknown type
 * claims nothing.
 */
export const typedExpressions: Rule = ({ pipeline, schemaOf, datasets }) =>
  perFlow(pipeline, (flow, i, report, eachRelation) => {
    eachRelation((node, path) => checkNode(node, path, schemaOf, report));
    const written = flow.kind === 'cdc' ? undefined : flowOutputSchema(flow, schemaOf);
    if (written !== undefined) {
      const types = typesIn(written);
      for (const [j, e] of (flow.expectations ?? []).entries()) checkExpression(e.predicate, ['flows', i, 'expectations', j, 'predicate'], types, report);
      const declared = datasets.get(flow.target)?.schema;
      if (declared !== undefined) checkDeclaredTypes(flow, i, written, declared, report);
    }
    checkEventTime(flow, i, schemaOf, report);
  });

const typesIn = (schema: InferredSchema): ColumnTypes => (column) =>
  column.relation === undefined ? schema?.find((f) => f.name.toLowerCase() === column.name.toLowerCase())?.type : undefined;

function checkNode(node: RelationNode, path: readonly PropertyKey[], schemaOf: (node: RelationNode) => InferredSchema, report: Report): void {
  if (node.kind === 'union') {
    checkUnion(node.inputs.map(schemaOf), path, report);
    return;
  }
  let scope: ColumnScope | undefined;
  if (node.kind === 'join') scope = joinScope(node, schemaOf);
  else if ('input' in node) scope = scopeOf(node.input, schemaOf);
  if (scope === undefined) return;
  for (const child of relationExpressionsAt(node)) checkExpression(child.node, [...path, ...child.path], scope.type, report);
}

function checkUnion(inputs: readonly InferredSchema[], path: readonly PropertyKey[], report: Report): void {
  const first = inputs[0];
  if (first === undefined) return;
  inputs.forEach((input, j) => {
    if (j === 0 || input === undefined) return;
    if (input.length !== first.length) {
      report('union_shape', [...path, 'inputs', j], `input ${j + 1} of its union has ${input.length} column(s), the first has ${first.length} (${first.map((f) => f.name).join(', ')}): a union matches columns by position, so give every input the same columns`);
      return;
    }
    input.forEach((field, k) => {
      const want = first[k]?.type;
      if (want !== undefined && field.type !== undefined && commonType(want, field.type) === undefined) {
        report('union_shape', [...path, 'inputs', j], `column ${k + 1} of its union is ${dataTypeLabel(want)} ("${first[k]?.name}") in the first input and ${dataTypeLabel(field.type)} ("${field.name}") in input ${j + 1}: cast one of them`);
      }
    });
  });
}

const label = (type: DataType): string => dataTypeLabel(type);

/** Every typed slip in an expression tree, each reported once at the innermost node it concerns. */
function checkExpression(root: Expression, path: readonly PropertyKey[], columns: ColumnTypes, report: Report): void {
  const memo: ExpressionTypes = new WeakMap();
  const typeOf = (node: Expression): DataType | undefined => expressionType(node, columns, memo);
  const visit = (node: Expression, at: readonly PropertyKey[]): void => {
    for (const child of childExpressionsAt(node)) visit(child.node, [...at, ...child.path]);
    switch (node.kind) {
      case 'call':
      case 'window_call': {
        const signature = lookupFunction(node.name);
        if (signature === undefined) return;
        node.args.forEach((arg, k) => {
          const wanted = signature.args[Math.min(k, signature.args.length - 1)];
          if (wanted === undefined) return;
          const problem = argumentProblem(wanted, arg, typeOf(arg));
          if (problem !== undefined) report('argument_type', [...at, 'args', k], `argument ${k + 1} of ${node.name} must be ${problem}`);
        });
        const refusal = signature.refuse?.(node.args.map((arg) => ({ node: arg, type: typeOf(arg), ...(arg.kind === 'literal' ? { literal: arg.value } : {}) })));
        if (refusal !== undefined) report('function_argument', at, `${node.name}: ${refusal}`);
        // Arguments the result is the common type of must have one (DuckDB refuses to combine a string and a number).
        const common = signature.returns.common;
        if (common !== undefined) {
          const types = (common === 'all' ? node.args : common.map((i) => node.args[i]).filter((a) => a !== undefined)).map(typeOf);
          const [first, ...rest] = types;
          const clash = first === undefined ? undefined : rest.find((t) => t !== undefined && commonType(first, t) === undefined);
          if (first !== undefined && clash !== undefined) report('argument_type', at, `the arguments of ${node.name} are ${label(first)} and ${label(clash)}, which have no common type: cast them to one type`);
        }
        if (node.kind === 'window_call' && signature.needsOrder === true && node.orderBy.length === 0) {
          report('window_order_required', at, `${node.name} numbers or offsets rows, so its window needs an order: add orderBy to .over(...) (Spark refuses an unordered ${node.name})`);
        }
        return;
      }
      case 'binary': {
        const left = typeOf(node.left);
        const right = typeOf(node.right);
        if (left === undefined || right === undefined) return;
        if (node.op === 'and' || node.op === 'or') {
          for (const [side, type] of [['left', left], ['right', right]] as const) {
            if (type !== 'bool') report('operand_type', [...at, side], `"${node.op}" joins predicates, but its ${side} side is ${label(type)}: compare it to something`);
          }
        } else if (node.op === 'like') {
          if (left !== 'utf8') report('operand_type', [...at, 'left'], `"like" matches strings, but its left side is ${label(left)}: cast it to utf8`);
        } else if (COMPARISONS.has(node.op)) {
          if (commonType(left, right) === undefined) report('operand_type', at, `"${node.op}" compares ${label(left)} with ${label(right)}: cast one side to the other's type`);
        } else if (!isNumeric(left) || !isNumeric(right)) {
          report('operand_type', at, `"${node.op}" is arithmetic on numbers, but it is given ${label(left)} and ${label(right)}: cast the operands to a numeric type`);
        }
        return;
      }
      case 'unary': {
        const type = typeOf(node.expr);
        if (type === undefined) return;
        if (node.op === 'not' && type !== 'bool') report('operand_type', [...at, 'expr'], `"not" negates a predicate, but it is given ${label(type)}`);
        if (node.op === 'neg' && !isNumeric(type)) report('operand_type', [...at, 'expr'], `"neg" negates a number, but it is given ${label(type)}`);
        return;
      }
      case 'case': {
        node.branches.forEach((branch, k) => {
          const type = typeOf(branch.when);
          if (type !== undefined && type !== 'bool') report('non_boolean_predicate', [...at, 'branches', k, 'when'], `a CASE condition is ${label(type)}, not a predicate: compare it to something`);
        });
        if (typeOf(node) === undefined) {
          const types = [...node.branches.map((b) => typeOf(b.then)), node.otherwise === undefined ? undefined : typeOf(node.otherwise)].filter((t): t is DataType => t !== undefined);
          const [first, ...rest] = types;
          const clash = first === undefined ? undefined : rest.find((t) => commonType(first, t) === undefined);
          if (first !== undefined && clash !== undefined) report('case_types', at, `the branches of a CASE are ${label(first)} and ${label(clash)}, which have no common type: cast them to one type`);
        }
        return;
      }
      case 'in': {
        const type = typeOf(node.expr);
        node.list.forEach((item, k) => {
          const itemType = typeOf(item);
          if (type !== undefined && itemType !== undefined && commonType(type, itemType) === undefined) {
            report('operand_type', [...at, 'list', k], `"in" compares ${label(type)} with ${label(itemType)}: cast one side to the other's type`);
          }
        });
        return;
      }
      default:
        return;
    }
  };
  visit(root, path);
}

/** What is wrong with an argument of a class, or `undefined` when it fits (or its type is not known). */
function argumentProblem(wanted: ArgumentClass, arg: Expression, type: DataType | undefined): string | undefined {
  const literal = arg.kind === 'literal' ? arg : undefined;
  if (wanted === 'integer_literal') return typeof literal?.value === 'number' && Number.isInteger(literal.value) ? undefined : 'an integer literal';
  if (wanted === 'string_literal') return typeof literal?.value === 'string' && literal.type === undefined ? undefined : 'a string literal';
  // SQL's 0.5 is a decimal literal (its text, typed decimal); a plan's is a number.
  const decimalText = typeof literal?.value === 'string' && typeof literal.type === 'object' && literal.type.type === 'decimal';
  if (wanted === 'numeric_literal') return typeof literal?.value === 'number' || decimalText ? undefined : 'a number literal';
  if (type === undefined || wanted === 'any') return undefined;
  const [fits, what] = ARGUMENT_CLASSES[wanted];
  return fits(type) ? undefined : `${what}, not ${label(type)}`;
}

/** Each class of a column-valued argument: which types fit it, and how messages name it. */
const ARGUMENT_CLASSES: Readonly<Record<Exclude<ArgumentClass, 'any' | `${string}_literal`>, readonly [(t: DataType) => boolean, string]>> = {
  numeric: [isNumeric, 'a number'],
  integer: [isInteger, 'an integer'],
  string: [(t) => t === 'utf8', 'a string (utf8)'],
  string_or_binary: [(t) => t === 'utf8' || t === 'binary', 'a string or binary'],
  boolean: [(t) => t === 'bool', 'a predicate'],
  temporal: [isTemporal, 'a date or timestamp'],
  temporal_or_string: [(t) => isTemporal(t) || t === 'utf8', 'a date, timestamp or string'],
};

function checkDeclaredTypes(flow: Flow, i: number, written: readonly { readonly name: string; readonly type?: DataType }[], declared: readonly { readonly name: string; readonly type: DataType }[], report: Report): void {
  for (const field of written) {
    const want = declared.find((d) => d.name === field.name);
    if (want === undefined || field.type === undefined || widensTo(field.type, want.type)) continue;
    report('schema_types', ['flows', i, 'query'], `column "${field.name}" is ${label(field.type)}, which does not widen to ${label(want.type)} as "${flow.target}" declares it: cast it in the query (.cast('${label(want.type)}')) or declare its type`);
  }
}

/** Watermark and window columns are timestamps (a date or a string has no event time to window by). */
function checkEventTime(flow: Flow, i: number, schemaOf: (node: RelationNode) => InferredSchema, report: Report): void {
  const input: RelationNode = flow.query.kind === 'aggregate' ? flow.query.input : flow.query;
  const schema = flow.watermark === undefined && flow.window?.column === undefined ? undefined : schemaOf(input);
  const typeOf = (name: string): DataType | undefined => schema?.find((f) => f.name.toLowerCase() === name.toLowerCase())?.type;
  for (const [key, column] of [['watermark', flow.watermark?.column], ['window', flow.window?.column]] as const) {
    const type = column === undefined ? undefined : typeOf(column);
    if (type !== undefined && !isTimestamp(type)) report('event_time_type', ['flows', i, key, 'column'], `its ${key} column "${column}" is ${label(type)}, not a timestamp: cast it (e.g. to_timestamp in the query) or declare it a timestamp`);
  }
}
