import { type CdcSpec, type Expectation, type Flow, resolveChanges } from '@thund/ir';
import { ExpressionCompiler } from './expression-compiler.js';
import type { FlowPlan } from './flow-plan.js';
import type { CompileContext } from './relation-compiler.js';
import { RelationCompiler } from './relation-compiler.js';
import { quoteIdentifier } from './sql-text.js';

/** Stands for the change history of the keys a micro-batch touched, in the plan text of a CDC flow. */
const TOUCHED_HISTORY = '<the change history of the keys this micro-batch touched>';

/**
 * What `thund plan` shows for a flow: its query, then what the run does
 * with it. Expectations: the one counting scan and the filter that keeps
 * rows (a `drop`), or the flow failing (a `fail`). A CDC flow: the keys,
 * sequence, deletes and SCD type it applies with, and the query resolving
 * the change history into target rows (the plan both engines run) instead
 * of a plain INSERT of the change feed.
 */
export function explainFlow(plan: FlowPlan, flow: Flow, context: CompileContext): string {
  const lines = [`${plan.sql};`];
  const expectations = flow.expectations ?? [];
  if (expectations.length > 0) lines.push(...expectationLines(expectations));
  if (flow.kind === 'cdc' && flow.cdc !== undefined) {
    lines.push(...cdcLines(flow.cdc, plan, context, context.schemaOf?.(flow.query)?.map((f) => f.name)));
    return lines.join('\n');
  }
  const keep = keptRows(expectations);
  const write = keep === undefined ? plan.write : plan.write.replace(plan.sql, `SELECT * FROM (${plan.sql}) WHERE ${keep}`);
  lines.push(`-- write: ${write}`);
  return lines.join('\n');
}

function expectationLines(expectations: readonly Expectation[]): string[] {
  const compiler = new ExpressionCompiler();
  return [
    `-- expectations, counted in one scan of the result: ${expectations.map((e) => `${e.name} (${e.action}): ${compiler.compile(e.predicate)}`).join('; ')}`,
    ...(expectations.some((e) => e.action === 'fail') ? ['-- a failing row of a "fail" expectation fails the flow and writes nothing'] : []),
  ];
}

/** The predicate that keeps rows: every `drop` expectation holds (NULL counts as a failure). */
function keptRows(expectations: readonly Expectation[]): string | undefined {
  const compiler = new ExpressionCompiler();
  const drops = expectations.filter((e) => e.action === 'drop').map((e) => `(${compiler.compile(e.predicate)}) IS TRUE`);
  return drops.length === 0 ? undefined : drops.join(' AND ');
}

function cdcLines(spec: CdcSpec, plan: FlowPlan, context: CompileContext, columns: readonly string[] | undefined): string[] {
  const compiler = new ExpressionCompiler();
  const how = [
    `keys (${spec.keys.map(quoteIdentifier).join(', ')})`,
    `sequence by ${quoteIdentifier(spec.sequenceBy)}`,
    `SCD type ${spec.scdType}`,
    ...(spec.deleteWhen === undefined ? [] : [`deletes when ${compiler.compile(spec.deleteWhen)}`]),
    ...(spec.applyAsTruncates === undefined ? [] : [`truncates when ${compiler.compile(spec.applyAsTruncates)}`]),
    ...(spec.ignoreNullUpdates === true ? ['NULL updates ignored'] : []),
  ];
  const head = [
    `-- write: AUTO CDC into ${plan.target}: ${how.join(', ')}`,
    '-- each micro-batch keeps the changes it has not seen, then replaces the target rows of the keys it touched with what their whole history resolves to',
  ];
  // The resolving query needs the change feed's columns; where they are only known by running (an untyped file), the description stands alone.
  if (columns === undefined) return head;
  const resolved = new RelationCompiler(context).compile(resolveChanges({ kind: 'sql', dialect: 'duckdb', sql: `SELECT * FROM ${TOUCHED_HISTORY}` }, spec, columns));
  return [...head.slice(0, 1), `${head[1] ?? ''}:`, `${resolved};`];
}
