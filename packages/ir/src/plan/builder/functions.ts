import type { DataType } from '../../model/data-type.js';
import { CallNode } from '../expr/call.js';
import type { CaseBranch } from '../expr/case.js';
import { CaseNode } from '../expr/case.js';
import { ColumnNode } from '../expr/column.js';
import { integerLiteral } from '../expr/integer-literal.js';
import { type LiteralValue, LiteralNode } from '../expr/literal.js';
import { StarNode } from '../expr/star.js';
import { Expr, type ExprInput, toExpression } from './expr.js';

/** A column of the input; `relation` qualifies it by a join side's alias. */
export function col(name: string, relation?: string): Expr {
  return new Expr(ColumnNode.create(name, relation));
}

/**
 * A literal value; without `type` its type is inferred (integers int32 or int64, other numbers float64, strings
 * utf8). Dates, timestamps and decimals are written as strings with a `type`. A bigint is an exact integer of
 * any size up to 38 digits (`lit(9007199254740993n)`, typed as Spark types the literal: see `integerLiteral`).
 */
export function lit(value: LiteralValue | bigint, type?: DataType): Expr {
  return new Expr(typeof value === 'bigint' ? integerLiteral(value, type) : LiteralNode.create(value, type));
}

/** All columns of the input (`*`), or of one join side (`relation.*`). */
export function star(relation?: string): Expr {
  return new Expr(StarNode.create(relation));
}

/** Calls any cataloged function by name; the typed helpers below are shorthands. */
export function call(name: string, ...args: readonly ExprInput[]): Expr {
  return new Expr(CallNode.create(name, args.map(toExpression)));
}

const column = (input: Expr | string): Expr => (typeof input === 'string' ? col(input) : input);

/** Aggregate: sum of the non-null values. A string argument is a column name. */
export const sum = (e: Expr | string): Expr => call('sum', column(e));
/** Aggregate: mean of the non-null values, as float64. A string argument is a column name. */
export const avg = (e: Expr | string): Expr => call('avg', column(e));
/** Aggregate: smallest non-null value. A string argument is a column name. */
export const min = (e: Expr | string): Expr => call('min', column(e));
/** Aggregate: largest non-null value. A string argument is a column name. */
export const max = (e: Expr | string): Expr => call('max', column(e));
/** Aggregate: sample standard deviation (`stddev_samp`) of the non-null values. A string argument is a column name. */
export const stddev = (e: Expr | string): Expr => call('stddev', column(e));
/** `count()` counts rows; `count(x)` counts non-null values of x. */
export const count = (e?: Expr | string): Expr => (e === undefined ? call('count') : call('count', column(e)));
/** Aggregate: number of distinct non-null values. A string argument is a column name. */
export const countDistinct = (e: Expr | string): Expr => call('count_distinct', column(e));
/** Window function: 1, 2, 3… within the partition, in window order; use with `.over(…)`. */
export const rowNumber = (): Expr => call('row_number');
/** Window function: rank within the partition, with gaps after ties (1, 1, 3); use with `.over(…)`. */
export const rank = (): Expr => call('rank');
/** Window function: rank within the partition without gaps after ties (1, 1, 2); use with `.over(…)`. */
export const denseRank = (): Expr => call('dense_rank');
/**
 * Window function: the value `offset` rows before the current one in window order (NULL before the first); use
 * with `.over(…)`.
 */
export const lag = (e: Expr | string, offset = 1): Expr => call('lag', column(e), offset);
/**
 * Window function: the value `offset` rows after the current one in window order (NULL past the last); use with
 * `.over(…)`.
 */
export const lead = (e: Expr | string, offset = 1): Expr => call('lead', column(e), offset);
/** Upper-cases a string. A string argument is a column name. */
export const upper = (e: Expr | string): Expr => call('upper', column(e));
/** Lower-cases a string. A string argument is a column name. */
export const lower = (e: Expr | string): Expr => call('lower', column(e));
/** Removes leading and trailing spaces. A string argument is a column name. */
export const trim = (e: Expr | string): Expr => call('trim', column(e));
/** Number of characters of a string. A string argument is a column name. */
export const length = (e: Expr | string): Expr => call('length', column(e));
/** Absolute value. A string argument is a column name. */
export const abs = (e: Expr | string): Expr => call('abs', column(e));
/** Rounds half away from zero to `digits` decimals (default 0). A string `e` is a column name. */
export const round = (e: Expr | string, digits = 0): Expr => call('round', column(e), digits);
/**
 * The first non-NULL argument. Unlike most helpers, a plain string here is a string literal, not a column: pass
 * `col('x')`.
 */
export const coalesce = (...args: readonly ExprInput[]): Expr => call('coalesce', ...args);
/**
 * Concatenates the arguments as strings; NULL if any is NULL. A plain string is a literal, not a column: pass
 * `col('x')`.
 */
export const concat = (...args: readonly ExprInput[]): Expr => call('concat', ...args);
/**
 * Truncates a date or timestamp to the start of its year, month, day, hour or minute. A string `e` is a column
 * name.
 */
export const dateTrunc = (unit: 'year' | 'month' | 'day' | 'hour' | 'minute', e: Expr | string): Expr =>
  call('date_trunc', unit, column(e));
/** The date part of a timestamp (a date32). A string argument is a column name. */
export const toDate = (e: Expr | string): Expr => call('to_date', column(e));

/** `when(cond, value).when(…).otherwise(value)` builds a CASE expression. */
export function when(condition: ExprInput, then: ExprInput): CaseBuilder {
  return new CaseBuilder([{ when: toExpression(condition), then: toExpression(then) }]);
}

/**
 * A CASE expression being built by {@link when}: add branches with `.when`, finish with `.otherwise`, or use it
 * as is (no match is NULL).
 */
export class CaseBuilder extends Expr {
  readonly #branches: readonly CaseBranch[];

  constructor(branches: readonly CaseBranch[]) {
    super(CaseNode.create(branches));
    this.#branches = branches;
  }

  /** Adds a `WHEN condition THEN then` branch after the existing ones. */
  when(condition: ExprInput, then: ExprInput): CaseBuilder {
    return new CaseBuilder([...this.#branches, { when: toExpression(condition), then: toExpression(then) }]);
  }

  /** Finishes the CASE with the value for rows no branch matches. */
  otherwise(value: ExprInput): Expr {
    return new Expr(CaseNode.create(this.#branches, toExpression(value)));
  }
}
