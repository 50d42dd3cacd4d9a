/**
 * A SELECT under construction. Relation nodes fold into the query below
 * them while SQL semantics allow (a filter over a read becomes its WHERE),
 * so the SQL stays flat and join qualifiers stay visible; otherwise the
 * query below becomes a subquery.
 */
export interface SelectQuery {
  readonly kind: 'select';
  /** `null` means `*`. */
  readonly select: readonly string[] | null;
  readonly distinct: boolean;
  readonly distinctOn?: readonly string[];
  /** FROM clause text: a table, a table function, a subquery with alias, or a join. */
  readonly from: string;
  /** True when `from` is a plain table or table-function reference (no alias yet). */
  readonly fromIsTable: boolean;
  readonly fromIsJoin: boolean;
  readonly where: readonly string[];
  /** `null` for no aggregation; `[]` for a global aggregation. */
  readonly groupBy: readonly string[] | null;
  readonly orderBy: readonly string[];
  readonly limit?: number;
  readonly offset?: number;
}

/** A complete query that cannot be extended in place (a set operation, raw SQL). */
export interface OpaqueQuery {
  readonly kind: 'opaque';
  readonly sql: string;
}

export type Query = SelectQuery | OpaqueQuery;

export function selectFrom(from: string, options: { readonly fromIsTable?: boolean; readonly fromIsJoin?: boolean } = {}): SelectQuery {
  return { kind: 'select', select: null, distinct: false, from, fromIsTable: options.fromIsTable ?? false, fromIsJoin: options.fromIsJoin ?? false, where: [], groupBy: null, orderBy: [] };
}

export function querySql(query: Query): string {
  if (query.kind === 'opaque') return query.sql;
  const distinct = query.distinctOn !== undefined ? `DISTINCT ON (${query.distinctOn.join(', ')}) ` : query.distinct ? 'DISTINCT ' : '';
  const parts = [`SELECT ${distinct}${query.select === null ? '*' : query.select.join(', ')}`, `FROM ${query.from}`];
  if (query.where.length > 0) parts.push(`WHERE ${query.where.join(' AND ')}`);
  if (query.groupBy !== null && query.groupBy.length > 0) parts.push(`GROUP BY ${query.groupBy.join(', ')}`);
  if (query.orderBy.length > 0) parts.push(`ORDER BY ${query.orderBy.join(', ')}`);
  if (query.limit !== undefined) parts.push(`LIMIT ${query.limit}`);
  if (query.offset !== undefined) parts.push(`OFFSET ${query.offset}`);
  return parts.join(' ');
}

/** Nothing but `SELECT * FROM <from>`. */
export function isBare(query: Query): query is SelectQuery {
  return query.kind === 'select' && query.select === null && !query.distinct && query.distinctOn === undefined &&
    query.where.length === 0 && query.groupBy === null && query.orderBy.length === 0 && query.limit === undefined && query.offset === undefined;
}

/** Rows are filtered, projected or aggregated only by WHERE so far (ORDER BY allowed). */
export function isRowLevel(query: Query): query is SelectQuery {
  return query.kind === 'select' && query.select === null && !query.distinct && query.distinctOn === undefined &&
    query.groupBy === null && query.limit === undefined && query.offset === undefined;
}
