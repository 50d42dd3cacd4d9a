import type { DataType } from '../../model/data-type.js';
import { AliasNode } from '../expr/alias.js';
import { type BinaryOperator, BinaryNode } from '../expr/binary.js';
import { CastNode } from '../expr/cast.js';
import type { Expression } from '../expr/expression.js';
import { InListNode } from '../expr/in-list.js';
import { type LiteralValue, LiteralNode } from '../expr/literal.js';
import type { SortKey } from '../expr/sort-key.js';
import { UnaryNode } from '../expr/unary.js';
import { type RowsFrame, WindowCallNode } from '../expr/window-call.js';

/** Anything the builder accepts where an expression goes: an Expr or a plain literal. */
export type ExprInput = Expr | LiteralValue;

export interface OverSpec {
  readonly partitionBy?: readonly (Expr | string)[];
  readonly orderBy?: readonly (SortKey | Expr | string)[];
  readonly frame?: RowsFrame;
}

/** A fluent wrapper over an expression node; `.node` is the IR. */
export class Expr {
  constructor(readonly node: Expression) {}

  eq(other: ExprInput): Expr { return this.#binary('eq', other); }
  neq(other: ExprInput): Expr { return this.#binary('neq', other); }
  lt(other: ExprInput): Expr { return this.#binary('lt', other); }
  lte(other: ExprInput): Expr { return this.#binary('lte', other); }
  gt(other: ExprInput): Expr { return this.#binary('gt', other); }
  gte(other: ExprInput): Expr { return this.#binary('gte', other); }
  and(other: ExprInput): Expr { return this.#binary('and', other); }
  or(other: ExprInput): Expr { return this.#binary('or', other); }
  add(other: ExprInput): Expr { return this.#binary('add', other); }
  sub(other: ExprInput): Expr { return this.#binary('sub', other); }
  mul(other: ExprInput): Expr { return this.#binary('mul', other); }
  div(other: ExprInput): Expr { return this.#binary('div', other); }
  mod(other: ExprInput): Expr { return this.#binary('mod', other); }
  like(pattern: string): Expr { return this.#binary('like', pattern); }

  not(): Expr { return new Expr(UnaryNode.create('not', this.node)); }
  neg(): Expr { return new Expr(UnaryNode.create('neg', this.node)); }
  isNull(): Expr { return new Expr(UnaryNode.create('is_null', this.node)); }
  isNotNull(): Expr { return new Expr(UnaryNode.create('is_not_null', this.node)); }
  in(...values: readonly ExprInput[]): Expr { return new Expr(InListNode.create(this.node, values.map(toExpression))); }
  cast(to: DataType): Expr { return new Expr(CastNode.create(this.node, to)); }
  as(name: string): Expr { return new Expr(AliasNode.create(this.node, name)); }

  asc(nulls?: 'first' | 'last'): SortKey { return sortKey(this.node, 'asc', nulls); }
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
  return input instanceof Expr ? input.node : LiteralNode.create(input);
}

/** Strings are column names here (in select, groupBy, partitionBy). */
export function toColumnExpression(input: Expr | string): Expression {
  return typeof input === 'string' ? Object.freeze({ kind: 'column', name: input }) : input.node;
}

export function toSortKey(input: SortKey | Expr | string): SortKey {
  if (typeof input === 'string' || input instanceof Expr) return sortKey(toColumnExpression(input), 'asc');
  return input;
}
