import { AliasNode, BinaryNode, ColumnNode, type Expression, LiteralNode, UnaryNode, walkExpression } from '@thund/ir';
import type { SourcePosition } from '../lex/token.js';
import type { ExpressionSubquery, FromItem, QueryExpr, SelectCore } from '../parse/ast.js';
import { SUBQUERY_PLACEHOLDER } from '../parse/cursor.js';
import { containsAggregate, containsWindowCall } from './expression-tools.js';
import type { Positions } from './positions.js';
import { mapChildren } from './scope.js';
import { starExcept } from './star-except.js';

/** A scalar subquery joined above a query's aggregation: its placeholder's name and its one-column query. */
export interface LateScalar {
  readonly name: string;
  readonly query: QueryExpr;
  /** An aggregate without GROUP BY: exactly one row (a cross join); else at most one (a left join on true). */
  readonly exactlyOne: boolean;
}

/** A select with its subqueries joined in: FROM extended, WHERE without the conditions the joins took. */
export interface JoinedSubqueries {
  readonly select: SelectCore;
  /** Scalar subqueries of an aggregated select's list or HAVING, joined to the aggregate's rows. */
  readonly late: readonly LateScalar[];
}

type Subqueries = ReadonlyMap<string, ExpressionSubquery>;

/**
 * Subqueries in a select's expressions, lowered onto joins as Spark's
 * optimizer rewrites them, with Spark's meaning kept exactly:
 *
 * - a scalar subquery returns one value: an aggregate without GROUP BY is
 *   exactly one row (a cross join), one with `LIMIT 1` at most one (a left
 *   join on true, NULL without a row); any other could return more rows,
 *   which fails Spark's query at run time, so it is refused;
 * - `x IN (subquery)` and `EXISTS (subquery)`, as conditions of WHERE
 *   joined to the rest by AND, are semi joins; `NOT EXISTS` an anti join;
 *   `x NOT IN (subquery)` an anti join that also drops the row when `x`
 *   or any value of the subquery is NULL (SQL's NOT IN is NULL, so false,
 *   then), unless the subquery is empty. A subquery of the form `SELECT e
 *   FROM … [WHERE …]` is joined through its FROM, so its WHERE may name
 *   the outer query's columns (a correlated subquery).
 */
export function joinSubqueries(select: SelectCore, subqueries: Subqueries, positions: Positions, aggregated: boolean): JoinedSubqueries {
  if (subqueries.size === 0) return { select, late: [] };
  const conjuncts = select.where === undefined ? [] : splitAnd(select.where);
  let from = select.from;
  const kept: Expression[] = [];
  for (const conjunct of conjuncts) {
    const predicate = predicateSubquery(conjunct, subqueries);
    if (predicate === undefined) {
      kept.push(conjunct);
      continue;
    }
    if (from === undefined) throw positions.error(conjunct, 'a query with a subquery condition needs FROM');
    from = semiJoin(from, leafName(select.from as FromItem), predicate.subquery, predicate.negated, predicate.name, positions, subqueries);
  }
  const where = kept.reduce<Expression | undefined>((all, next) => (all === undefined ? next : BinaryNode.create('and', all, next)), undefined);
  // Every other subquery placeholder: scalar ones are joined; IN and EXISTS anywhere else are refused.
  const early = new Set<string>();
  const late = new Set<string>();
  const collect = (expr: Expression | undefined, where: 'early' | 'late'): void => {
    if (expr === undefined) return;
    walkExpression(expr, (node) => {
      if (node.kind !== 'column' || node.relation !== undefined) return;
      const subquery = subqueries.get(node.name);
      if (subquery === undefined) return;
      if (subquery.kind !== 'scalar') {
        throw positions.error(node, `${subquery.kind === 'in' ? 'IN (subquery)' : 'EXISTS (subquery)'} is read as a condition of WHERE, joined to the others by AND: move it there, or join the subquery`);
      }
      (where === 'early' ? early : late).add(node.name);
    });
  };
  collect(where, 'early');
  for (const key of select.groupBy) collect(key, 'early');
  for (const item of select.items) collect(item.expr, aggregated ? 'late' : 'early');
  collect(select.having, aggregated ? 'late' : 'early');
  for (const name of late) if (early.has(name)) late.delete(name);
  for (const name of early) {
    const scalar = scalarQuery(subqueries.get(name) as ExpressionSubquery & { kind: 'scalar' }, name, positions);
    if (from === undefined) throw positions.errorAt(scalar.position, 'a query with a scalar subquery needs FROM');
    const right: FromItem = { kind: 'subquery', query: scalar.query, alias: name, position: scalar.position };
    from = scalar.exactlyOne
      ? { kind: 'join', type: 'cross', left: from, right, position: scalar.position }
      : { kind: 'join', type: 'left', left: from, right, on: LiteralNode.create(true), position: scalar.position };
  }
  const joined: SelectCore = {
    ...select,
    ...(from === undefined ? {} : { from }),
    ...(early.size === 0 ? {} : { items: select.items.map((item) => ({ ...item, expr: withoutPlaceholders(item.expr, early) })) }),
  };
  const { where: _where, ...rest } = joined;
  return {
    select: where === undefined ? rest : { ...rest, where },
    late: [...late].map((name) => {
      const scalar = scalarQuery(subqueries.get(name) as ExpressionSubquery & { kind: 'scalar' }, name, positions);
      return { name, query: scalar.query, exactlyOne: scalar.exactlyOne };
    }),
  };
}

/** `*` beside scalar subqueries joined below it would also name their columns: it leaves them out (a `* EXCEPT`). */
function withoutPlaceholders(expr: Expression, names: ReadonlySet<string>): Expression {
  return expr.kind === 'star' && expr.relation === undefined ? starExcept(expr, [...names]) : expr;
}

function splitAnd(expr: Expression): Expression[] {
  return expr.kind === 'binary' && expr.op === 'and' ? [...splitAnd(expr.left), ...splitAnd(expr.right)] : [expr];
}

/** `placeholder` or `NOT placeholder` of an IN or EXISTS subquery. */
function predicateSubquery(expr: Expression, subqueries: Subqueries): { name: string; subquery: Exclude<ExpressionSubquery, { kind: 'scalar' }>; negated: boolean } | undefined {
  let negated = false;
  let node = expr;
  while (node.kind === 'unary' && node.op === 'not') {
    negated = !negated;
    node = node.expr;
  }
  if (node.kind !== 'column' || node.relation !== undefined || !node.name.startsWith(SUBQUERY_PLACEHOLDER)) return undefined;
  const subquery = subqueries.get(node.name);
  if (subquery === undefined || subquery.kind === 'scalar') return undefined;
  return { name: node.name, subquery, negated };
}

/**
 * The select a subquery is, when it is one plain `SELECT … FROM … [WHERE
 * …]` that a join can take apart (no subqueries of its own: those are
 * joined where the subquery is lowered whole).
 */
function plainSelect(query: QueryExpr, subqueries: Subqueries): SelectCore | undefined {
  const body = query.body;
  if (body.kind !== 'select' || query.with.length > 0 || query.orderBy.length > 0 || query.limit !== undefined || query.offset !== undefined) return undefined;
  if (body.from === undefined || body.groupBy.length > 0 || body.groupByAll === true || body.having !== undefined) return undefined;
  if (body.items.some((item) => containsAggregate(item.expr) || containsWindowCall(item.expr))) return undefined;
  const nested = [...body.items.map((item) => item.expr), ...(body.where === undefined ? [] : [body.where])].some((expr) => {
    let found = false;
    walkExpression(expr, (node) => { if (node.kind === 'column' && node.relation === undefined && subqueries.has(node.name)) found = true; });
    return found;
  });
  return nested ? undefined : body;
}

/** `from` semi (or anti) joined with an IN or EXISTS subquery. */
function semiJoin(
  from: FromItem, outer: string | undefined, subquery: Exclude<ExpressionSubquery, { kind: 'scalar' }>, negated: boolean, name: string, positions: Positions, subqueries: Subqueries,
): FromItem {
  const position = subquery.position;
  const type = negated ? 'anti' : 'semi';
  const written = plainSelect(subquery.query, subqueries);
  const clash = written === undefined ? undefined : tableNames(written.from as FromItem).find((n) => tableNames(from).some((o) => o.toLowerCase() === n.toLowerCase()));
  const plain = clash === undefined || written === undefined ? written : renamedInner(written, clash, name, positions);
  if (clash !== undefined && plain === undefined) {
    throw positions.errorAt(position, `the subquery reads ${clash}, which the query around it reads by the same name: give the subquery's ${clash} an alias of its own (FROM ${clash} AS inner_${clash}), so each name says which one it means`);
  }
  // Unqualified names mean the subquery's own columns inside it, the outer query's outside it, as in Spark.
  const inner = plain === undefined ? undefined : leafName(plain.from as FromItem);
  const innerExpr = (expr: Expression): Expression => (inner === undefined ? expr : qualifyBare(expr, inner, positions));
  const outerExpr = outer === undefined ? subquery.kind === 'in' ? subquery.expr : undefined : subquery.kind === 'in' ? qualifyBare(subquery.expr, outer, positions) : undefined;
  const innerWhere = plain?.where === undefined ? undefined : innerExpr(plain.where);
  if (subquery.kind === 'exists') {
    if (plain === undefined) throw positions.errorAt(position, 'EXISTS reads a subquery of the form SELECT … FROM … [WHERE …] (no GROUP BY, aggregates, ORDER BY or LIMIT): write it that way');
    return { kind: 'join', type, left: from, right: plain.from as FromItem, on: innerWhere ?? LiteralNode.create(true), position };
  }
  const value = (item: Expression): Expression => (item.kind === 'alias' ? item.expr : item);
  const single = (select: SelectCore): Expression => {
    const [item, ...more] = select.items;
    if (item === undefined || more.length > 0 || item.expr.kind === 'star') throw positions.errorAt(position, 'IN (subquery) compares with one column: select exactly one');
    return value(item.expr);
  };
  const left = outerExpr as Expression;
  const match = (right: Expression): Expression => {
    const equal = positions.copy(subquery.expr, BinaryNode.create('eq', left, right));
    if (!negated) return equal;
    // x NOT IN (…) is NULL (so the row goes) when x, or any value it is compared with, is NULL.
    return BinaryNode.create('or', BinaryNode.create('or', equal, UnaryNode.create('is_null', left)), UnaryNode.create('is_null', right));
  };
  if (plain !== undefined) {
    const on = match(innerExpr(single(plain)));
    return { kind: 'join', type, left: from, right: plain.from as FromItem, on: innerWhere === undefined ? on : BinaryNode.create('and', on, innerWhere), position };
  }
  const query = oneColumn(subquery.query, name, positions, 'IN (subquery) compares with one column: select exactly one');
  const right: FromItem = { kind: 'subquery', query, alias: name, position };
  return { kind: 'join', type, left: from, right, on: match(positions.copy(subquery.expr, columnOf(name))), position };
}

/** The name a FROM item of one table (or named subquery) is qualified by; none for a join. */
function leafName(item: FromItem): string | undefined {
  if (item.kind === 'table') return item.alias ?? item.name;
  if (item.kind === 'join') return undefined;
  return item.alias;
}

/**
 * A subquery whose one table has the name of a table of the query around
 * it, that table given a name of its own. Inside the subquery the name
 * means the subquery's table (the nearest scope, as in Spark), so every
 * column qualified by it is requalified too. `undefined` when the
 * subquery reads more than that one table (it is then refused).
 */
function renamedInner(select: SelectCore, clash: string, placeholder: string, positions: Positions): SelectCore | undefined {
  const table = select.from;
  if (table?.kind !== 'table' || (table.alias ?? table.name).toLowerCase() !== clash.toLowerCase()) return undefined;
  const alias = `${placeholder}_${clash}`;
  const requalify = (expr: Expression): Expression => {
    if (expr.kind === 'column' && expr.relation?.toLowerCase() === clash.toLowerCase()) return positions.copy(expr, ColumnNode.create(expr.name, alias));
    return mapChildren(expr, requalify, positions);
  };
  return {
    ...select,
    from: { ...table, alias },
    items: select.items.map((item) => ({ ...item, expr: requalify(item.expr) })),
    ...(select.where === undefined ? {} : { where: requalify(select.where) }),
  };
}

/** `expr` with each unqualified column qualified by `relation`. */
function qualifyBare(expr: Expression, relation: string, positions: Positions): Expression {
  if (expr.kind === 'column' && expr.relation === undefined) return positions.copy(expr, ColumnNode.create(expr.name, relation));
  return mapChildren(expr, (child) => qualifyBare(child, relation, positions), positions);
}

/** The names a FROM item's tables are qualified by. */
function tableNames(item: FromItem): string[] {
  if (item.kind === 'join') return [...tableNames(item.left), ...tableNames(item.right)];
  if (item.kind === 'table') return [item.alias ?? item.name];
  return item.alias === undefined ? [] : [item.alias];
}

function columnOf(name: string): Expression {
  return Object.freeze({ kind: 'column', name }) as Expression;
}

/** A scalar subquery's one-column query, its column named `name`, and how many rows it returns. */
function scalarQuery(subquery: ExpressionSubquery & { kind: 'scalar' }, name: string, positions: Positions): { query: QueryExpr; exactlyOne: boolean; position: SourcePosition } {
  const position = subquery.position;
  const query = oneColumn(subquery.query, name, positions, 'a scalar subquery returns one column: select exactly one');
  const body = query.body;
  const global = body.kind === 'select' && body.groupBy.length === 0 && body.groupByAll !== true && body.having === undefined
    && body.items.every((item) => containsAggregate(item.expr)) && query.limit === undefined && query.offset === undefined;
  const atMostOne = query.limit !== undefined && query.limit <= 1 && query.offset === undefined;
  if (!global && !atMostOne) {
    throw positions.errorAt(position, 'a scalar subquery must return at most one row, and Spark fails the query when this one returns more: make it an aggregate without GROUP BY (SELECT max(x) FROM …) or end it with LIMIT 1');
  }
  return { query, exactlyOne: global, position };
}

/** `query` with its one select item named `name` (a plain select, or one in parentheses). */
function oneColumn(query: QueryExpr, name: string, positions: Positions, message: string): QueryExpr {
  const body = query.body;
  if (body.kind === 'query') return { ...query, body: oneColumn(body, name, positions, message) };
  if (body.kind !== 'select') throw positions.errorAt(query.position, `${message} (a UNION here: select from it in a subquery of its own)`);
  const [item, ...more] = body.items;
  if (item === undefined || more.length > 0 || item.expr.kind === 'star') throw positions.errorAt(query.position, message);
  const expr = item.expr.kind === 'alias' ? item.expr.expr : item.expr;
  return { ...query, body: { ...body, items: [{ ...item, expr: positions.copy(item.expr, AliasNode.create(expr, name)) }] } };
}
