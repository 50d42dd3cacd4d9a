import { AliasNode, type Expression, ColumnNode, FieldNode, StarNode, childExpressions, visitExpression } from '@thund/ir';
import type { SourcePosition } from '../lex/token.js';
import type { Positions } from './positions.js';
import { SqlError } from '../sql-error.js';

/**
 * What table qualifiers mean at one level of a query: each name a query
 * may write before a dot (`o.amount`) maps to the join side alias the plan
 * uses, or to `null` where the plan needs no qualifier (one input).
 */
export class Scope {
  readonly #qualifiers: ReadonlyMap<string, string | null>;

  constructor(qualifiers: ReadonlyMap<string, string | null>) {
    this.#qualifiers = qualifiers;
  }

  static empty(): Scope {
    return new Scope(new Map());
  }

  /** The qualifiers a query level can name, in the case written. */
  names(): string[] {
    return [...this.#qualifiers.keys()];
  }

  /** Every qualifier of this scope and the alias it names. */
  entries(): Map<string, string | null> {
    return new Map(this.#qualifiers);
  }

  /** Every qualifier of this scope mapped to `alias` (a join side that is itself a join or subquery). */
  under(alias: string): Map<string, string> {
    return new Map([...this.#qualifiers.keys()].map((name) => [name, alias]));
  }

  /** This scope and one more qualifier, naming columns `alias` (or unqualified, `null`). */
  with(name: string, alias: string | null): Scope {
    return new Scope(new Map([...this.#qualifiers, [name, alias]]));
  }

  resolve(qualifier: string): string | null | undefined {
    for (const [name, alias] of this.#qualifiers) {
      if (name.toLowerCase() === qualifier.toLowerCase()) return alias;
    }
    return undefined;
  }
}

/** Rewrites the qualifiers of `expr` by `scope`; an unknown qualifier is an error at its position. */
export function qualify(expr: Expression, scope: Scope, positions: Positions, options: { readonly windowBounds?: boolean } = {}): Expression {
  const rewrite = (node: Expression): Expression => {
    // `window.start` / `window.end` of an event-time GROUP BY window(…): the aggregation reads them.
    if (options.windowBounds === true && node.kind === 'column' && node.relation?.toLowerCase() === 'window' && scope.resolve('window') === undefined) return node;
    if ((node.kind === 'column' || node.kind === 'star') && node.relation !== undefined) {
      const alias = scope.resolve(node.relation);
      if (alias === undefined && node.kind === 'column') return structFieldOf(node, scope, positions);
      if (alias === undefined) throw unknownQualifier(node.relation, scope, positions.of(node), positions.file);
      const name = alias === null ? undefined : alias;
      return positions.copy(node, node.kind === 'column' ? ColumnNode.create(node.name, name) : StarNode.create(name));
    }
    return mapChildren(node, rewrite, positions);
  };
  return rewrite(expr);
}

function unknownQualifierMessage(name: string, scope: Scope): string {
  const known = scope.names();
  const reason = known.length === 0 ? 'this query reads no table by that name' : `the tables here are ${known.join(', ')}`;
  return `unknown table ${name} in ${name}.…: ${reason}`;
}

function unknownQualifier(name: string, scope: Scope, position: SourcePosition, file: string): SqlError {
  return SqlError.at(file, position, unknownQualifierMessage(name, scope));
}

/**
 * Columns that stand for `x.…` where no table is named `x`, with what to
 * say when `x` is no column either: the pipeline's validation reports the
 * unknown column, and the SQL error leads with the unknown table.
 */
export const UNRESOLVED_QUALIFIERS: WeakMap<object, string> = new WeakMap();

/** `x.name` where no table here is `x`: field `name` of struct column `x`, as Spark resolves it. */
function structFieldOf(node: ColumnNode, scope: Scope, positions: Positions): Expression {
  const relation = node.relation as string;
  const column = positions.copy(node, ColumnNode.create(relation));
  UNRESOLVED_QUALIFIERS.set(column, unknownQualifierMessage(relation, scope));
  return positions.copy(node, FieldNode.create(column, node.name));
}

/** A copy of `node` with each direct child expression replaced by `map(child)`; the same node when nothing changed. */
export function mapChildren(node: Expression, map: (child: Expression) => Expression, positions: Positions): Expression {
  const children = childExpressions(node);
  if (children.length === 0) return node;
  const mapped = children.map(map);
  if (mapped.every((child, i) => child === children[i])) return node;
  let i = 0;
  const next = (): Expression => mapped[i++] as Expression;
  const copy = visitExpression<Expression>({
    column: (n) => n,
    literal: (n) => n,
    star: (n) => n,
    cast: (n) => ({ ...n, expr: next() }),
    binary: (n) => ({ ...n, left: next(), right: next() }),
    unary: (n) => ({ ...n, expr: next() }),
    case: (n) => {
      const branches = n.branches.map(() => ({ when: next(), then: next() }));
      return n.otherwise === undefined ? { ...n, branches } : { ...n, branches, otherwise: next() };
    },
    in: (n) => ({ ...n, expr: next(), list: n.list.map(() => next()) }),
    call: (n) => ({ ...n, args: n.args.map(() => next()) }),
    window_call: (n) => ({
      ...n,
      args: n.args.map(() => next()),
      partitionBy: n.partitionBy.map(() => next()),
      orderBy: n.orderBy.map((key) => ({ ...key, expr: next() })),
    }),
    alias: (n) => AliasNode.create(next(), n.name),
    field: (n) => ({ ...n, expr: next() }),
    subscript: (n) => ({ ...n, expr: next(), index: next() }),
  }, node);
  return positions.copy(node, Object.freeze(copy));
}
