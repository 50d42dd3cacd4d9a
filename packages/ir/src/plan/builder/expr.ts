import type { DataType } from '../../model/data-type.js';
import { AliasNode } from '../expr/alias.js';
import { type BinaryOperator, BinaryNode } from '../expr/binary.js';
import { CastNode } from '../expr/cast.js';
import { FieldNode } from '../expr/field.js';
import type { Expression } from '../expr/expression.js';
import { InListNode } from '../expr/in-list.js';
import { integerLiteral } from '../expr/integer-literal.js';
import { type LiteralValue, LiteralNode } from '../expr/literal.js';
import type { SortKey } from '../expr/sort-key.js';
import { SubscriptNode } from '../expr/subscript.js';
import { UnaryNode } from '../expr/unary.js';
import { type RowsFrame, WindowCallNode } from '../expr/window-call.js';

/** Anything the builder accepts where an expression goes: an Expr or a plain literal (a bigint is an exact integer). */
export type ExprInput = Expr | LiteralValue | bigint;

/** The window of {@link Expr.over}: partitioning, ordering and frame. Strings are column names. */
export interface OverSpec {
  /** Columns or expressions whose distinct values split the rows into partitions. */
  readonly partitionBy?: readonly (Expr | string)[];
  /** Order within a partition; a column name or Expr sorts ascending. */
  readonly orderBy?: readonly (SortKey | Expr | string)[];
  /** Rows frame; the engine's default frame when absent. */
  readonly frame?: RowsFrame;
}

/** A fluent wrapper over an expression node; `.node` is the IR. */
export class Expr {
  /**
   * Wraps an expression node.
   * @param node The IR expression the builder produces.
   */
  constructor(readonly node: Expression) {}

  /** `this = other` (SQL equality: NULL when either side is NULL). */
  eq(other: ExprInput): Expr { return this.#binary('eq', other); }
  /** `this <> other`. */
  neq(other: ExprInput): Expr { return this.#binary('neq', other); }
  /** `this < other`. */
  lt(other: ExprInput): Expr { return this.#binary('lt', other); }
  /** `this <= other`. */
  lte(other: ExprInput): Expr { return this.#binary('lte', other); }
  /** `this > other`; `other` may be an Expr or a literal, e.g. `col('amount').gt(100)`. */
  gt(other: ExprInput): Expr { return this.#binary('gt', other); }
  /** `this >= other`. */
  gte(other: ExprInput): Expr { return this.#binary('gte', other); }
  /** Boolean `this AND other` (three-valued: NULL and false is false). */
  and(other: ExprInput): Expr { return this.#binary('and', other); }
  /** Boolean `this OR other` (three-valued: NULL or true is true). */
  or(other: ExprInput): Expr { return this.#binary('or', other); }
  /** `this + other`. */
  add(other: ExprInput): Expr { return this.#binary('add', other); }
  /** `this - other`. */
  sub(other: ExprInput): Expr { return this.#binary('sub', other); }
  /** `this * other`. */
  mul(other: ExprInput): Expr { return this.#binary('mul', other); }
  /** `this / other`: true division (a float result even for integers); division by zero is NULL on every backend. */
  div(other: ExprInput): Expr { return this.#binary('div', other); }
  /** `this % other`; modulo by zero is NULL on every backend. */
  mod(other: ExprInput): Expr { return this.#binary('mod', other); }
  /** SQL `this LIKE pattern`: `%` matches any run of characters, `_` one character, `\` escapes. */
  like(pattern: string): Expr { return this.#binary('like', pattern); }

  /** Boolean `NOT this`. */
  not(): Expr { return new Expr(UnaryNode.create('not', this.node)); }
  /** Numeric negation, `-this`. */
  neg(): Expr { return new Expr(UnaryNode.create('neg', this.node)); }
  /** `this IS NULL` (never NULL itself). */
  isNull(): Expr { return new Expr(UnaryNode.create('is_null', this.node)); }
  /** `this IS NOT NULL` (never NULL itself). */
  isNotNull(): Expr { return new Expr(UnaryNode.create('is_not_null', this.node)); }
  /** `this IN (values…)`. */
  in(...values: readonly ExprInput[]): Expr { return new Expr(InListNode.create(this.node, values.map(toExpression))); }
  /** `CAST(this AS to)`. */
  cast(to: DataType): Expr { return new Expr(CastNode.create(this.node, to)); }
  /** `TRY_CAST(this AS to)`: like {@link Expr.cast}, but a value that does not convert is NULL instead of an error. */
  tryCast(to: DataType): Expr { return new Expr(CastNode.create(this.node, to, true)); }
  /** A field of a struct, `this.name` (matched case-insensitively; the output column takes the field's name). */
  getField(name: string): Expr { return new Expr(FieldNode.create(this.node, name)); }
  /**
   * `this[key]`: a list's element by its 0-based position (a position
   * outside the list fails the query, as Spark's ANSI mode does), or a
   * map's value for the key (NULL when absent).
   */
  getItem(key: ExprInput): Expr { return new Expr(SubscriptNode.create(this.node, toExpression(key))); }
  /** Names the expression's output column: `this AS name`. */
  as(name: string): Expr { return new Expr(AliasNode.create(this.node, name)); }

  /** An ascending sort key; NULLs go last unless `nulls` says otherwise. */
  asc(nulls?: 'first' | 'last'): SortKey { return sortKey(this.node, 'asc', nulls); }
  /** A descending sort key; NULLs go first unless `nulls` says otherwise. */
  desc(nulls?: 'first' | 'last'): SortKey { return sortKey(this.node, 'desc', nulls); }

  /** Turns a function call into a window call: `rowNumber().over({ partitionBy: ['k'], orderBy: [col('t').asc()] })`. */
  over(spec: OverSpec = {}): Expr {
    const call = this.node;
    if (call.kind !== 'call') throw new TypeError(`over() applies to a function call, not to a ${call.kind} expression`);
    return new Expr(
      WindowCallNode.create(
        call.name,
        call.args,
        (spec.partitionBy ?? []).map(toColumnExpression),
        (spec.orderBy ?? []).map(toSortKey),
        spec.frame,
      ),
    );
  }

  #binary(op: BinaryOperator, other: ExprInput): Expr {
    return new Expr(BinaryNode.create(op, this.node, toExpression(other)));
  }
}

function sortKey(expr: Expression, direction: 'asc' | 'desc', nulls?: 'first' | 'last'): SortKey {
  return Object.freeze(nulls === undefined ? { expr, direction } : { expr, direction, nulls });
}

export function toExpression(input: ExprInput): Expression {
  if (input instanceof Expr) return input.node;
  return typeof input === 'bigint' ? integerLiteral(input) : LiteralNode.create(input);
}

/** Strings are column names here (in select, groupBy, partitionBy). */
export function toColumnExpression(input: Expr | string): Expression {
  return typeof input === 'string' ? Object.freeze({ kind: 'column', name: input }) : input.node;
}

export function toSortKey(input: SortKey | Expr | string): SortKey {
  if (typeof input === 'string' || input instanceof Expr) return sortKey(toColumnExpression(input), 'asc');
  return input;
}
