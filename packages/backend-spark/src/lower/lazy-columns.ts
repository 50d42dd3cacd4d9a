import type { RelationInit } from '../connect/session.js';
import { type ExprInit, alias } from './expr-init.js';

/*
 * Column additions and replacements as plain Projects. Spark Connect's
 * WithColumns and Drop resolve their input when the plan is received; in a
 * pipeline graph that binds a read of a graph table to the catalog's table
 * from the previous run (or fails when there is none yet), and SDP then no
 * longer sees the flow's dependency on that table: the flow runs before its
 * input is refreshed and reads stale rows. A Project of `*` / a column
 * regex resolves with the rest of the plan, in the graph.
 */

const star: ExprInit = { exprType: { case: 'unresolvedStar', value: {} } };

/** Every column but `names` (a `colRegex`; names are matched whole, case-insensitively as Spark resolves). */
export function allColumnsBut(names: readonly string[]): ExprInit {
  if (names.length === 0) return star;
  const escaped = names.map((name) => name.replace(/[\\^$.*+?()[\]{}|`]/g, (c) => (c === '`' ? '``' : `\\${c}`)));
  return { exprType: { case: 'unresolvedRegex', value: { colName: `\`(?!(?:${escaped.join('|')})$).+\`` } } };
}

/** `SELECT *, e1 AS n1, …`: the input's columns, then new ones. */
export function appendColumns(input: RelationInit, columns: readonly { readonly name: string; readonly expr: ExprInit }[]): RelationInit {
  return { relType: { case: 'project', value: { input, expressions: [star, ...columns.map((c) => alias(c.expr, c.name))] } } };
}

/** The input's columns with some replaced (moved to the end): every other column, then the new definitions. */
export function replaceColumns(input: RelationInit, columns: readonly { readonly name: string; readonly expr: ExprInit }[]): RelationInit {
  return { relType: { case: 'project', value: { input, expressions: [allColumnsBut(columns.map((c) => c.name)), ...columns.map((c) => alias(c.expr, c.name))] } } };
}
