import type { DataType } from '../../model/data-type.js';
import { CallNode } from '../expr/call.js';
import type { CaseBranch } from '../expr/case.js';
import { CaseNode } from '../expr/case.js';
import { ColumnNode } from '../expr/column.js';
import { type LiteralValue, LiteralNode } from '../expr/literal.js';
import { StarNode } from '../expr/star.js';
import { Expr, type ExprInput, toExpression } from './expr.js';

/** A column of the input; `relation` qualifies it by a join side's alias. */
export function col(name: string, relation?: string): Expr {
  return new Expr(ColumnNode.create(name, relation));
}

export function lit(value: LiteralValue, type?: DataType): Expr {
  return new Expr(LiteralNode.create(value, type));
}

export function star(relation?: string): Expr {
  return new Expr(StarNode.create(relation));
}

/** Calls any cataloged function by name; the typed helpers below are shorthands. */
export function call(name: string, ...args: readonly ExprInput[]): Expr {
  return new Expr(CallNode.create(name, args.map(toExpression)));
}

const column = (input: Expr | string): Expr => (typeof input === 'string' ? col(input) : input);

export const sum = (e: Expr | string): Expr => call('sum', column(e));
export const avg = (e: Expr | string): Expr => call('avg', column(e));
export const min = (e: Expr | string): Expr => call('min', column(e));
export const max = (e: Expr | string): Expr => call('max', column(e));
export const stddev = (e: Expr | string): Expr => call('stddev', column(e));
/** `count()` counts rows; `count(x)` counts non-null values of x. */
export const count = (e?: Expr | string): Expr => (e === undefined ? call('count') : call('count', column(e)));
export const countDistinct = (e: Expr | string): Expr => call('count_distinct', column(e));
export const rowNumber = (): Expr => call('row_number');
export const rank = (): Expr => call('rank');
export const denseRank = (): Expr => call('dense_rank');
export const lag = (e: Expr | string, offset = 1): Expr => call('lag', column(e), offset);
export const lead = (e: Expr | string, offset = 1): Expr => call('lead', column(e), offset);
export const upper = (e: Expr | string): Expr => call('upper', column(e));
export const lower = (e: Expr | string): Expr => call('lower', column(e));
export const trim = (e: Expr | string): Expr => call('trim', column(e));
export const length = (e: Expr | string): Expr => call('length', column(e));
export const abs = (e: Expr | string): Expr => call('abs', column(e));
export const round = (e: Expr | string, digits = 0): Expr => call('round', column(e), digits);
export const coalesce = (...args: readonly ExprInput[]): Expr => call('coalesce', ...args);
export const concat = (...args: readonly ExprInput[]): Expr => call('concat', ...args);
export const dateTrunc = (unit: 'year' | 'month' | 'day' | 'hour' | 'minute', e: Expr | string): Expr =>
  call('date_trunc', unit, column(e));
export const toDate = (e: Expr | string): Expr => call('to_date', column(e));

/** `when(cond, value).when(…).otherwise(value)` builds a CASE expression. */
export function when(condition: ExprInput, then: ExprInput): CaseBuilder {
  return new CaseBuilder([{ when: toExpression(condition), then: toExpression(then) }]);
}

export class CaseBuilder extends Expr {
  readonly #branches: readonly CaseBranch[];

  constructor(branches: readonly CaseBranch[]) {
    super(CaseNode.create(branches));
    this.#branches = branches;
  }

  when(condition: ExprInput, then: ExprInput): CaseBuilder {
    return new CaseBuilder([...this.#branches, { when: toExpression(condition), then: toExpression(then) }]);
  }

  otherwise(value: ExprInput): Expr {
    return new Expr(CaseNode.create(this.#branches, toExpression(value)));
  }
}
