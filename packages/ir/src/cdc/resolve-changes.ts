import { CDC_END_AT, CDC_START_AT, type CdcSpec } from '../model/cdc.js';
import type { Expression } from '../plan/expr/expression.js';
import type { RowsFrame } from '../plan/expr/window-call.js';
import type { SortKey } from '../plan/expr/sort-key.js';
import type { RelationNode } from '../plan/rel/relation.js';

/*
 * AUTO CDC semantics as one portable plan over the whole change history
 * (or the history of some keys): Spark recomputes its target with it each
 * run, native rewrites the keys a micro-batch touched with it. Only
 * cataloged window functions and aggregates, so both engines run the same
 * plan and give the same rows.
 *
 * 1. Changes with a NULL sequence are ignored; of the changes of one key at
 *    one sequence one counts (a replay is a duplicate): a truncate before a
 *    delete before an upsert.
 * 2. SCD 1 with `applyAsTruncates`: every change sequenced at or before the
 *    last truncate is gone (a truncate empties the whole target).
 * 3. `ignoreNullUpdates`: per key, between deletes, a NULL column of an
 *    upsert takes the last non-NULL value before it.
 * 4. SCD 1: per key the latest change, unless it is a delete.
 *    SCD 2: an upsert whose tracked columns all equal (NULL-safe) those of
 *    the change right before it (an upsert, not a delete) continues that
 *    version; any other upsert opens one. A version is shown with the
 *    values of its last change, `__START_AT` its first change's sequence,
 *    `__END_AT` the sequence of the change that closed it (NULL while
 *    current).
 */

const H = '__thund_cdc_';
const DEL = `${H}del`;
const TRUNC = `${H}trunc`;
const RANK = `${H}rank`;
const LATEST = `${H}latest`;
const TSEQ = `${H}tseq`;
const SEG = `${H}seg`;
const PREV_SEQ = `${H}prev_seq`;
const PREV_DEL = `${H}prev_del`;
const CONT = `${H}cont`;
const HEAD = `${H}head`;
const NEXT_CONT = `${H}next_cont`;
const NEXT_SEQ = `${H}next_seq`;
const RUN_START = `${H}run_start`;

const col = (name: string): Expression => ({ kind: 'column', name });
const lit = (value: boolean | number | null): Expression => ({ kind: 'literal', value });
const as = (name: string, expr: Expression): Expression => ({ kind: 'alias', name, expr });
const not = (expr: Expression): Expression => ({ kind: 'unary', op: 'not', expr });
const isNull = (expr: Expression): Expression => ({ kind: 'unary', op: 'is_null', expr });
const isNotNull = (expr: Expression): Expression => ({ kind: 'unary', op: 'is_not_null', expr });
const bin = (op: 'and' | 'or' | 'eq' | 'gt', left: Expression, right: Expression): Expression => ({ kind: 'binary', op, left, right });
const all = (terms: readonly Expression[]): Expression => terms.reduce((a, b) => bin('and', a, b));
const fn = (name: string, ...args: Expression[]): Expression => ({ kind: 'call', name, args });
const when = (condition: Expression, then: Expression, otherwise?: Expression): Expression =>
  ({ kind: 'case', branches: [{ when: condition, then }], ...(otherwise === undefined ? {} : { otherwise }) });
const asc = (name: string): SortKey => ({ expr: col(name), direction: 'asc' });
const RUNNING: RowsFrame = { start: null, end: 0 };
const over = (name: string, args: readonly Expression[], partition: readonly string[], order: readonly SortKey[] = [], frame?: RowsFrame): Expression =>
  ({ kind: 'window_call', name, args, partitionBy: partition.map(col), orderBy: order, ...(frame === undefined ? {} : { frame }) });
const window = (input: RelationNode, expressions: readonly Expression[]): RelationNode => ({ kind: 'window', input, expressions });
const filter = (input: RelationNode, condition: Expression): RelationNode => ({ kind: 'filter', input, condition });
const project = (input: RelationNode, columns: readonly Expression[]): RelationNode => ({ kind: 'project', input, columns });
/** `a` and `b` equal, NULLs equal to NULLs; never NULL. */
const sameValue = (a: Expression, b: Expression): Expression =>
  bin('or', fn('coalesce', bin('eq', a, b), lit(false)), bin('and', isNull(a), isNull(b)));

/** The input columns a CDC target stores, in input order: `columns`, or all but `exceptColumns`. */
export function cdcStoredColumns(spec: CdcSpec, inputColumns: readonly string[]): readonly string[] {
  if (spec.columns !== undefined) return inputColumns.filter((c) => spec.columns?.includes(c));
  return inputColumns.filter((c) => !(spec.exceptColumns ?? []).includes(c));
}

/** The stored columns whose change opens a new SCD 2 version: `trackHistory`, or every stored non-key column but `trackHistoryExcept`. */
export function cdcTrackedColumns(spec: CdcSpec, stored: readonly string[]): readonly string[] {
  const eligible = stored.filter((c) => !spec.keys.includes(c));
  if (spec.trackHistory !== undefined) return eligible.filter((c) => spec.trackHistory?.includes(c));
  return eligible.filter((c) => !(spec.trackHistoryExcept ?? []).includes(c));
}

/**
 * The target rows `changes` (rows with the input's columns, `inputColumns`)
 * resolve to under `spec`: the stored columns, then `__START_AT` and
 * `__END_AT` for SCD 2.
 */
export function resolveChanges(changes: RelationNode, spec: CdcSpec, inputColumns: readonly string[]): RelationNode {
  const stored = cdcStoredColumns(spec, inputColumns);
  const keys = spec.keys;
  const seq = spec.sequenceBy;
  // Every column a later step reads, in input order.
  const needed = inputColumns.filter((c) => stored.includes(c) || keys.includes(c) || c === seq);
  const flagged = project(changes, [
    ...needed.map(col),
    as(DEL, spec.deleteWhen === undefined ? lit(false) : fn('coalesce', spec.deleteWhen, lit(false))),
    as(TRUNC, spec.applyAsTruncates === undefined || spec.scdType === 2 ? lit(false) : fn('coalesce', spec.applyAsTruncates, lit(false))),
  ]);
  const sequenced = filter(flagged, isNotNull(col(seq)));
  const ranked = window(sequenced, [as(RANK, over('row_number', [], [...keys, seq], [{ expr: col(TRUNC), direction: 'desc' }, { expr: col(DEL), direction: 'desc' }]))]);
  let current = filter(ranked, bin('eq', col(RANK), lit(1)));
  if (spec.scdType === 1 && spec.applyAsTruncates !== undefined) {
    const truncatedAt = window(current, [as(TSEQ, over('max', [when(col(TRUNC), col(seq))], []))]);
    current = filter(truncatedAt, bin('and', not(col(TRUNC)), bin('or', isNull(col(TSEQ)), bin('gt', col(seq), col(TSEQ)))));
  }
  const values = needed.filter((c) => !keys.includes(c) && c !== seq);
  if (spec.ignoreNullUpdates === true) current = fillNulls(current, spec, needed, values);
  return spec.scdType === 1 ? latest(current, spec, stored) : versions(current, spec, needed, stored);
}

/** Each `values` column of an upsert: its last non-NULL value since the key's last delete (a NULL column keeps the stored value). */
function fillNulls(input: RelationNode, spec: CdcSpec, needed: readonly string[], values: readonly string[]): RelationNode {
  const keys = spec.keys;
  const bySeq = [asc(spec.sequenceBy)];
  const upsertValue = (c: string): Expression => when(not(col(DEL)), col(c));
  const segments = window(input, [as(SEG, over('sum', [when(col(DEL), lit(1), lit(0))], keys, bySeq, RUNNING))]);
  // Within a segment, a group starts at each non-NULL value; the group's one non-NULL value is its max.
  const groups = window(segments, values.map((c, i) => as(`${H}g${i}`, over('count', [upsertValue(c)], [...keys, SEG], bySeq, RUNNING))));
  const filled = window(groups, values.map((c, i) => as(`${H}f${i}`, over('max', [upsertValue(c)], [...keys, SEG, `${H}g${i}`]))));
  return project(filled, [
    ...needed.map((c) => (values.includes(c) ? as(c, col(`${H}f${values.indexOf(c)}`)) : col(c))),
    col(DEL),
  ]);
}

/** SCD 1: per key its latest change, unless that is a delete. */
function latest(input: RelationNode, spec: CdcSpec, stored: readonly string[]): RelationNode {
  const ranked = window(input, [as(LATEST, over('row_number', [], spec.keys, [{ expr: col(spec.sequenceBy), direction: 'desc' }]))]);
  return project(filter(ranked, bin('and', bin('eq', col(LATEST), lit(1)), not(col(DEL)))), stored.map(col));
}

/** SCD 2: versions as runs of upserts that change no tracked column, closed by the next change. */
function versions(input: RelationNode, spec: CdcSpec, needed: readonly string[], stored: readonly string[]): RelationNode {
  const keys = spec.keys;
  const seq = spec.sequenceBy;
  const bySeq = [asc(seq)];
  const tracked = cdcTrackedColumns(spec, stored);
  const previous = window(input, [
    as(PREV_SEQ, over('lag', [col(seq)], keys, bySeq)),
    as(PREV_DEL, over('lag', [col(DEL)], keys, bySeq)),
    ...tracked.map((c, i) => as(`${H}p${i}`, over('lag', [col(c)], keys, bySeq))),
  ]);
  const continues = all([
    not(col(DEL)),
    isNotNull(col(PREV_SEQ)),
    fn('coalesce', not(col(PREV_DEL)), lit(false)),
    ...tracked.map((c, i) => sameValue(col(c), col(`${H}p${i}`))),
  ]);
  const classified = project(previous, [...needed.map(col), col(DEL), as(CONT, continues)]);
  const marked = project(classified, [...needed.map(col), col(DEL), col(CONT), as(HEAD, bin('and', not(col(DEL)), not(col(CONT))))]);
  const bounded = window(marked, [
    as(NEXT_CONT, over('lead', [col(CONT)], keys, bySeq)),
    as(NEXT_SEQ, over('lead', [col(seq)], keys, bySeq)),
    as(RUN_START, over('max', [when(col(HEAD), col(seq))], keys, bySeq, RUNNING)),
  ]);
  const lastOfRun = filter(bounded, bin('and', not(col(DEL)), not(fn('coalesce', col(NEXT_CONT), lit(false)))));
  return project(lastOfRun, [...stored.map(col), as(CDC_START_AT, col(RUN_START)), as(CDC_END_AT, col(NEXT_SEQ))]);
}
