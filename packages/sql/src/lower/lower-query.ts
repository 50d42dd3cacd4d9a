import {
  AggregateNode, AliasNode, ColumnNode, DeduplicateNode, type Expression, FilterNode, JoinNode, LimitNode, LiteralNode, ProjectNode,
  MAX_PLAN_DEPTH, RangeNode, ReadFilesNode, ReadNode, type RelationNode, type SortKey, SortNode, StarNode, UnionNode, WindowNode, type WindowSpec, outputName,
  walkExpression,
} from '@thund/ir';
import type { SourcePosition } from '../lex/token.js';
import type { FromItem, QueryExpr, SelectCore, TableRef, WatermarkClause } from '../parse/ast.js';
import { containsAggregate, containsWindowCall, isAggregateCall, sameExpression } from './expression-tools.js';
import { eventTimeWindow, isEventTimeWindowCall } from './event-time-window.js';
import { BATCH_WINDOW_END, BATCH_WINDOW_START, batchWindowKeys } from './batch-window.js';
import type { Positions } from './positions.js';
import { Scope, mapChildren, qualify } from './scope.js';
import { lateralView, selectGenerators } from './generators.js';
import { exceptAlso, isStarExcept, setDifference, starExcept } from './star-except.js';
import { type LateScalar, joinSubqueries } from './expression-subqueries.js';
import { groupingSetSelects } from './grouping-sets.js';
import { oneRow, valuesRelation, withoutColumns } from './generated-rows.js';

/** What lowering a flow's query learned besides its plan. */
export interface QueryFacts {
  /** Where the first `STREAM` read is: the flow is a streaming flow. */
  streamAt?: SourcePosition;
  readonly watermarks: WatermarkClause[];
  window?: { readonly spec: WindowSpec; readonly position: SourcePosition };
  /** Where each dataset the query reads is first named. */
  readonly reads: Map<string, SourcePosition>;
  /** Where each dataset read with STREAM is first named. */
  readonly streamReads?: Map<string, SourcePosition>;
  /** Where each file read is. */
  readonly files?: SourcePosition[];
}

/** The pipeline dataset a table reference means (an error where it is none: see `DatasetNames`). */
export type TableResolver = (ref: TableRef) => string;

interface Cte {
  readonly query: QueryExpr;
  /** The CTEs visible where this one is defined. */
  readonly outer: CteScope;
}
type CteScope = ReadonlyMap<string, Cte>;

interface LoweredFrom {
  readonly relation: RelationNode;
  /** For a leaf: the name it is qualified by. For a join: every qualifier, mapped to its side's alias. */
  readonly leaf?: string;
  /** The leaf is an unnamed subquery: nothing can qualify by its name, so a join gives it no alias. */
  readonly unnamed?: boolean;
  readonly scope: Scope;
}

/**
 * The most queries one statement may lower, CTE bodies and subqueries each
 * counted where they are read. A CTE read twice by the next, chained 30
 * times, would lower a billion queries (the plan is a tree: each read is a
 * copy) and hang the front-end; real statements lower a few dozen.
 */
const MAX_LOWERED_QUERIES = 10_000;

/**
 * Lowers a parsed query to a portable plan. Spark SQL's meaning is kept:
 * aggregation is split into an aggregate node and the projection above it,
 * window functions into a window node, positional UNION columns are
 * matched as the plan's by-name union expects them.
 */
export class QueryLowering {
  readonly #positions: Positions;
  readonly #facts: QueryFacts;
  readonly #resolve: TableResolver;
  #aliases = 0;
  /** How many queries are being lowered, one inside the next. */
  #depth = 0;
  /** How many queries (CTE bodies and subqueries included, each where it is read) this statement has lowered so far. */
  #lowered = 0;
  /** The CTE reads being lowered, innermost last: where a statement that expands too far is reported. */
  readonly #reads: { readonly name: string; readonly position: SourcePosition }[] = [];

  constructor(positions: Positions, facts: QueryFacts, resolve: TableResolver) {
    this.#positions = positions;
    this.#facts = facts;
    this.#resolve = resolve;
  }

  /**
   * The plan of `query`. `read` is where it is read from when it is a CTE
   * body: CTEs are lowered where they are read, so a chain of CTEs each
   * reading the one before nests as deep as the chain, which the parser's
   * depth limit cannot see.
   */
  query(query: QueryExpr, ctes: CteScope = new Map(), read?: { readonly name: string; readonly position: SourcePosition }): RelationNode {
    if (this.#depth >= MAX_PLAN_DEPTH) {
      const what = read === undefined ? 'this query is' : `${read.name} is`;
      throw this.#positions.errorAt(read?.position ?? query.position, `${what} read through CTEs and subqueries nested more than ${MAX_PLAN_DEPTH} deep here (each CTE counted where it is read): Þund plans nest at most ${MAX_PLAN_DEPTH} levels (MAX_PLAN_DEPTH); make some of them temporary views, each read by the next`);
    }
    this.#lowered += 1;
    if (this.#lowered > MAX_LOWERED_QUERIES) {
      const at = read ?? this.#reads.at(-1);
      const what = at === undefined ? 'this statement' : `CTE ${at.name}, read here,`;
      throw this.#positions.errorAt(at?.position ?? query.position, `${what} expands to more than ${MAX_LOWERED_QUERIES.toLocaleString('en-US')} queries: a CTE is lowered where it is read, and CTEs that read another several times multiply (each doubling the plan); make a CTE read more than once a temporary view, or a materialized view to compute it once`);
    }
    this.#depth += 1;
    if (read !== undefined) this.#reads.push(read);
    try {
      return this.#query(query, ctes);
    } finally {
      this.#depth -= 1;
      if (read !== undefined) this.#reads.pop();
    }
  }

  #query(query: QueryExpr, ctes: CteScope): RelationNode {
    let scope = ctes;
    for (const cte of query.with) {
      const inner = new Map(scope);
      inner.set(cte.name.toLowerCase(), { query: cte.query, outer: scope });
      scope = inner;
    }
    let relation: RelationNode;
    switch (query.body.kind) {
      case 'select': {
        const hidden = hiddenSortColumns(query.body, query.orderBy);
        relation = this.#select(query.body, scope, hidden.columns);
        if (hidden.columns.length > 0) {
          // ORDER BY names input columns the select list leaves out, as Spark allows: the projection keeps
          // them for the sort and the limit, and a last projection drops them.
          relation = SortNode.create(relation, query.orderBy.map((key) => this.#sortKey(key)));
          if (query.limit !== undefined) relation = LimitNode.create(relation, query.limit, query.offset);
          return ProjectNode.create(relation, hidden.output.map((name) => ColumnNode.create(name)));
        }
        break;
      }
      case 'union':
        relation = this.#union(query.body.all, query.body.branches, scope);
        break;
      case 'except':
      case 'intersect': {
        const at = query.body.position;
        relation = setDifference(query.body.kind, query.body.all, this.query(query.body.left, scope), this.query(query.body.right, scope), (join) => this.#positions.at(join, at));
        break;
      }
      default:
        relation = this.query(query.body, scope);
    }
    if (query.orderBy.length > 0) relation = SortNode.create(relation, query.orderBy.map((key) => this.#sortKey(key)));
    if (query.limit !== undefined) relation = LimitNode.create(relation, query.limit, query.offset);
    return relation;
  }

  #union(all: boolean, branches: readonly QueryExpr[], ctes: CteScope): RelationNode {
    // a UNION b UNION c is one union node when every branch keeps (or drops) duplicates alike.
    const flat: QueryExpr[] = [];
    for (const branch of branches) {
      if (branch.body.kind === 'union' && branch.body.all === all && branch.with.length === 0 && branch.orderBy.length === 0 && branch.limit === undefined) {
        flat.push(...branch.body.branches);
      } else {
        flat.push(branch);
      }
    }
    // SQL matches UNION columns by position, the plan's union by name: a branch whose columns are named
    // differently is renamed to the first branch's names (where the names are known without reading data).
    const first = outputNames(flat[0] as QueryExpr);
    return UnionNode.create(flat.map((branch, i) => {
      const relation = this.query(branch, ctes);
      const names = outputNames(branch);
      if (i === 0 || first === undefined || names === undefined) return relation;
      if (names.length !== first.length) {
        throw this.#positions.errorAt(branch.position, `each UNION branch needs the same number of columns: the first has ${first.length} (${first.join(', ')}), this one ${names.length} (${names.join(', ')})`);
      }
      if (names.every((name, j) => name === first[j])) return relation;
      return ProjectNode.create(relation, names.map((name, j) => AliasNode.create(ColumnNode.create(name), first[j] as string)));
    }), all);
  }

  /** Sort keys above a projection name its output columns: qualifiers are dropped. */
  #sortKey(key: SortKey): SortKey {
    return { ...key, expr: unqualified(key.expr, this.#positions) };
  }

  /** `extra`: input columns the projection keeps after the select list (see hiddenSortColumns). */
  #select(written: SelectCore, ctes: CteScope, extra: readonly Expression[] = []): RelationNode {
    if (written.groupingSets !== undefined && written.groupingSets.length > 1) {
      const branches = groupingSetSelects(written, this.#positions).map((body): QueryExpr => ({ kind: 'query', with: [], body, orderBy: [], position: written.position }));
      const union = this.#union(true, branches, ctes);
      return written.distinct ? DeduplicateNode.create(union) : union;
    }
    const aggregates = written.groupBy.length > 0 || written.groupByAll === true || written.groupingSets !== undefined || written.having !== undefined
      || written.items.some((item) => containsAggregate(item.expr));
    const { select, late } = joinSubqueries(written, this.#positions.subqueries, this.#positions, aggregates);
    if (select.from === undefined) for (const item of select.items) withoutColumns(item.expr, this.#positions, 'a SELECT without FROM');
    const from: LoweredFrom = select.from === undefined ? { relation: oneRow(), leaf: this.#syntheticAlias(), scope: Scope.empty() } : this.#from(select.from, ctes);
    const scope = from.leaf === undefined ? from.scope : new Scope(new Map([[from.leaf, null]]));
    const windowBounds = select.groupBy.some(isEventTimeWindowCall);
    const q = (expr: Expression): Expression => qualify(expr, scope, this.#positions, { windowBounds });
    let relation = from.relation;
    if (select.where !== undefined) {
      if (containsAggregate(select.where)) throw this.#positions.error(select.where, 'aggregates are not allowed in WHERE: use HAVING');
      relation = FilterNode.create(relation, q(select.where));
    }
    let items = [...select.items.map((item) => item.expr), ...extra].map(q);
    ({ relation, items } = selectGenerators(relation, items, this.#positions));
    const qualified = select.qualify === undefined ? undefined : qualifyWindows(q(select.qualify), this.#positions);
    if (qualified !== undefined) items = [...items, ...qualified.hidden];
    const groupBy = select.groupByAll === true ? groupByAllKeys(items, this.#positions) : select.groupBy.map(q);
    const having = select.having === undefined ? undefined : q(select.having);
    const aggregated = groupBy.length > 0 || having !== undefined || select.groupingSets !== undefined || items.some(containsAggregate);
    if (aggregated) {
      const result = this.#aggregate(relation, items, groupBy, having, select, { late, ctes });
      relation = result.relation;
      items = result.items;
    }
    if (items.some(containsWindowCall)) {
      const result = this.#windows(relation, items);
      relation = result.relation;
      items = result.items;
    }
    if (!(items.length === 1 && items[0]?.kind === 'star' && items[0].relation === undefined) && items.length > 0) {
      relation = ProjectNode.create(relation, items);
    }
    if (qualified !== undefined) {
      relation = FilterNode.create(relation, qualified.condition);
      if (qualified.hidden.length > 0) {
        // The window columns QUALIFY alone needed are dropped; with * in the list, its columns are known only once the pipeline is.
        const names = select.items.map((item) => outputName(item.expr));
        const keep = names.every((name): name is string => name !== undefined)
          ? names.map((name) => ColumnNode.create(name))
          : [starExcept(StarNode.create(), qualified.hidden.map((h) => h.name))];
        relation = ProjectNode.create(relation, keep);
      }
    }
    if (select.distinct) relation = DeduplicateNode.create(relation);
    return relation;
  }

  #from(item: FromItem, ctes: CteScope): LoweredFrom {
    switch (item.kind) {
      case 'table': {
        const cte = item.qualifier.length === 0 ? ctes.get(item.name.toLowerCase()) : undefined;
        if (cte !== undefined) {
          if (item.stream) throw this.#positions.error(item, `STREAM(${item.name}) reads a CTE: stream from a dataset or files instead`);
          return { relation: this.query(cte.query, cte.outer, item), leaf: item.alias ?? item.name, scope: Scope.empty() };
        }
        const dataset = this.#resolve(item);
        if (!this.#facts.reads.has(dataset)) this.#facts.reads.set(dataset, item.position);
        if (item.stream && this.#facts.streamReads?.has(dataset) === false) this.#facts.streamReads.set(dataset, item.position);
        this.#noteStream(item);
        return { relation: ReadNode.create(dataset), leaf: item.alias ?? item.name, scope: Scope.empty() };
      }
      case 'file': {
        this.#facts.files?.push(item.position);
        this.#noteStream(item);
        const relation = readFilesOf(item);
        return { relation, leaf: item.alias ?? this.#syntheticAlias(), scope: Scope.empty() };
      }
      case 'range':
        return { relation: this.#positions.copy(item, RangeNode.create(item.start, item.end, item.step)), leaf: item.alias ?? this.#syntheticAlias(), scope: Scope.empty() };
      case 'values':
        return { relation: valuesRelation(item, this.#positions), leaf: item.alias ?? this.#syntheticAlias(), scope: Scope.empty() };
      case 'subquery':
        return { relation: this.query(item.query, ctes), leaf: item.alias ?? this.#syntheticAlias(), unnamed: item.alias === undefined, scope: Scope.empty() };
      case 'lateral_view':
        return lateralView(item, this.#from(item.input, ctes), this.#positions);
      case 'join': {
        const left = this.#from(item.left, ctes);
        const right = this.#from(item.right, ctes);
        const leftSide = this.#joinSide(left);
        const rightSide = this.#joinSide(right);
        const scope = new Scope(new Map([...leftSide.names, ...rightSide.names]));
        const on = item.on === undefined ? undefined : qualify(item.on, scope, this.#positions);
        const aliases = {
          ...(leftSide.alias === undefined ? {} : { leftAlias: leftSide.alias }),
          ...(rightSide.alias === undefined ? {} : { rightAlias: rightSide.alias }),
        };
        const relation = JoinNode.create(item.type, left.relation, right.relation, {
          ...aliases, ...(on === undefined ? {} : { on }), ...(item.using === undefined ? {} : { using: item.using }),
        });
        return { relation: this.#positions.copy(item, relation), scope };
      }
    }
  }

  /**
   * The qualifiers a join side brings into the join's scope, and the alias
   * the plan names it by. A side read by its dataset name or an unnamed
   * subquery needs no alias; a side that is itself a join stays unnamed, so
   * its own sides' names (`t.id`, `l.id`) reach this join and above; another
   * unnamed side (a lateral view) gets an alias its names all mean.
   */
  #joinSide(side: LoweredFrom): { readonly names: Map<string, string | null>; readonly alias?: string } {
    if (side.leaf !== undefined) {
      const implicit = side.unnamed === true || (side.relation.kind === 'read' && side.relation.dataset === side.leaf);
      return { names: new Map([[side.leaf, side.leaf]]), ...(implicit ? {} : { alias: side.leaf }) };
    }
    if (side.relation.kind === 'join') return { names: side.scope.entries() };
    const alias = this.#syntheticAlias();
    return { names: side.scope.under(alias), alias };
  }

  #noteStream(item: Extract<FromItem, { kind: 'table' | 'file' }>): void {
    if (item.stream) this.#facts.streamAt ??= item.position;
    if (item.watermark !== undefined) {
      if (!item.stream) throw this.#positions.errorAt(item.watermark.position, 'WATERMARK applies to a streaming read: write FROM STREAM(source) WATERMARK …');
      this.#facts.watermarks.push(item.watermark);
    }
  }

  #syntheticAlias(): string {
    this.#aliases += 1;
    return `__sql_${this.#aliases}`;
  }

  /**
   * `SELECT keys…, aggregates… GROUP BY keys HAVING …` as an aggregate node
   * (keys, then one aliased call per distinct aggregate), the HAVING filter
   * and the select list above it, in terms of the aggregate's columns.
   */
  #aggregate(
    input: RelationNode, items: Expression[], groupBy: Expression[], having: Expression | undefined, select: SelectCore,
    scalars: { readonly late: readonly LateScalar[]; readonly ctes: CteScope } = { late: [], ctes: new Map() },
  ): { relation: RelationNode; items: Expression[] } {
    const positions = this.#positions;
    const lateNames = new Set(scalars.late.map((s) => s.name));
    const keys: { expr: Expression; name: string }[] = [];
    const found = eventTimeWindow(groupBy, positions);
    const windowCall = groupBy.find(isEventTimeWindowCall);
    // Before any STREAM read the query is batch: a tumbling window is then two grouping keys.
    const batchKeys = found === undefined || this.#facts.streamAt !== undefined || windowCall === undefined
      ? undefined : batchWindowKeys(found.spec, windowCall.args[0] as Expression);
    if (found !== undefined && this.#facts.streamAt === undefined && batchKeys === undefined) {
      const size = found.spec.kind === 'session' ? found.spec.gap : found.spec.kind === 'hopping' ? found.spec.size : '';
      throw positions.errorAt(found.position, `a hopping or session window in a batch query is not supported yet: read the source with STREAM(…) and a WATERMARK, or group by a tumbling window(ts, '${size}')`);
    }
    const window = batchKeys === undefined ? found : undefined;
    if (window !== undefined) this.#facts.window = window;
    if (batchKeys !== undefined) {
      keys.push({ expr: positions.copy(windowCall as Expression, batchKeys.start), name: BATCH_WINDOW_START });
      keys.push({ expr: positions.copy(windowCall as Expression, batchKeys.end), name: BATCH_WINDOW_END });
    }
    const plainKeys = groupBy.filter((key) => !isEventTimeWindowCall(key));
    for (const key of plainKeys) keys.push(this.#groupKey(key, items, keys.length));
    const aggregates: { call: Expression; name: string }[] = [];
    const aggregateName = (call: Expression, preferred?: string): string => {
      const existing = aggregates.find((a) => sameExpression(a.call, call));
      if (existing !== undefined) return existing.name;
      const name = preferred ?? `__agg_${aggregates.length + 1}`;
      aggregates.push({ call, name });
      return name;
    };
    // Named aggregates first, in select order, each its own column (sum(x) AS a, sum(x) AS b are two), so
    // the common shape needs no projection.
    const named = new Map<Expression, string>();
    for (const item of items) {
      if (item.kind === 'alias' && isAggregateCall(item.expr) && !aggregates.some((a) => a.name.toLowerCase() === item.name.toLowerCase())) {
        aggregates.push({ call: item.expr, name: item.name });
        named.set(item.expr, item.name);
      }
    }
    const windowColumns = window === undefined ? [] : ['window_start', 'window_end'];
    // `aliases`: HAVING may name a select alias (`HAVING n > 1` for `count(*) AS n`), as Spark allows; a grouping column comes first.
    const rewrite = (expr: Expression, aliases: readonly Expression[] = []): Expression => {
      if (isAggregateCall(expr)) return positions.copy(expr, ColumnNode.create(named.get(expr) ?? aggregateName(expr)));
      // A scalar subquery's value, joined to the aggregate's rows below.
      if (expr.kind === 'column' && expr.relation === undefined && lateNames.has(expr.name)) return expr;
      const key = keys.find((k) => sameExpression(k.expr, expr) || (expr.kind === 'column' && expr.relation === undefined && k.name.toLowerCase() === expr.name.toLowerCase()));
      if (key !== undefined) return positions.copy(expr, ColumnNode.create(key.name));
      if (expr.kind === 'column' && expr.relation?.toLowerCase() === 'window' && (window !== undefined || batchKeys !== undefined)) {
        const bound = expr.name.toLowerCase();
        if (bound === 'start' || bound === 'end') {
          const column = batchKeys === undefined ? `window_${bound}` : bound === 'start' ? BATCH_WINDOW_START : BATCH_WINDOW_END;
          return positions.copy(expr, ColumnNode.create(column));
        }
      }
      if (expr.kind === 'column' && expr.relation === undefined) {
        const aliased = aliases.find((item) => item.kind === 'alias' && item.name.toLowerCase() === expr.name.toLowerCase());
        // The alias's own expression names input columns, never aliases again.
        if (aliased?.kind === 'alias') return rewrite(aliased.expr);
      }
      if (expr.kind === 'column') {
        throw positions.error(expr, `column ${expr.relation === undefined ? '' : `${expr.relation}.`}${expr.name} must be in GROUP BY or inside an aggregate such as max(${expr.name})`);
      }
      if (expr.kind === 'star') throw positions.error(expr, 'SELECT * cannot be used with GROUP BY: list the grouping columns and aggregates');
      if (expr.kind === 'window_call') return expr;
      return mapChildren(expr, (child) => rewrite(child, aliases), positions);
    };
    const rewritten = items.map((item) => (item.kind === 'alias' ? positions.copy(item, AliasNode.create(rewrite(item.expr), item.name)) : rewrite(item)));
    const condition = having === undefined ? undefined : rewrite(having, items);
    const groupExprs = keys.map((k) => (k.expr.kind === 'column' && k.expr.name === k.name ? k.expr : AliasNode.create(k.expr, k.name)));
    let relation: RelationNode = AggregateNode.create(input, groupExprs, aggregates.map((a) => AliasNode.create(a.call, a.name)));
    if (window !== undefined) {
      const expected = [...windowColumns, ...keys.map((k) => k.name), ...aggregates.map((a) => a.name)];
      const same = rewritten.length === expected.length && rewritten.every((item, i) => namesColumn(item, expected[i] as string));
      if (!same || condition !== undefined) {
        throw positions.errorAt(select.position, `an event-time window aggregation selects window.start AS window_start, window.end AS window_end, then its GROUP BY columns, then its aggregates, each named (here: ${expected.join(', ')}), without HAVING`);
      }
      return { relation, items: [] };
    }
    for (const scalar of scalars.late) {
      const value = this.query(scalar.query, scalars.ctes);
      relation = scalar.exactlyOne ? JoinNode.create('cross', relation, value) : JoinNode.create('left', relation, value, { on: LiteralNode.create(true) });
    }
    if (condition !== undefined) relation = FilterNode.create(relation, condition);
    const direct = [...keys.map((k) => k.name), ...aggregates.map((a) => a.name)];
    const identity = scalars.late.length === 0 && rewritten.length === direct.length && rewritten.every((item, i) => namesColumn(item, direct[i] as string));
    return { relation, items: identity ? [] : rewritten };
  }

  /** A GROUP BY key and the column name the aggregate gives it: an input column, a select alias, or an ordinal. */
  #groupKey(key: Expression, items: readonly Expression[], index: number): { expr: Expression; name: string } {
    if (key.kind === 'literal' && typeof key.value === 'number' && Number.isInteger(key.value)) {
      const item = items[key.value - 1];
      if (item === undefined) throw this.#positions.error(key, `GROUP BY ${key.value}: the select list has ${items.length} columns`);
      return this.#groupKey(item.kind === 'alias' ? item.expr : item, items, index);
    }
    if (key.kind === 'column' && key.relation === undefined) {
      const aliased = items.find((item) => item.kind === 'alias' && item.name.toLowerCase() === key.name.toLowerCase() && !(item.expr.kind === 'column' && item.expr.name.toLowerCase() === key.name.toLowerCase()));
      if (aliased?.kind === 'alias' && !containsAggregate(aliased.expr)) return { expr: aliased.expr, name: aliased.name };
    }
    if (key.kind === 'column') return { expr: key, name: key.name };
    const named = items.find((item) => item.kind === 'alias' && sameExpression(item.expr, key));
    if (named?.kind === 'alias') return { expr: key, name: named.name };
    // Selected as written, the key has the name Spark gives it: a field access (b.book_id) is named by its field.
    const written = items.find((item) => item.kind !== 'alias' && sameExpression(item, key));
    const writtenName = written === undefined ? undefined : outputName(written);
    if (writtenName !== undefined) return { expr: key, name: writtenName };
    return { expr: key, name: `__key_${index + 1}` };
  }

  /** Window functions of the select list as a window node below it, each aliased. */
  #windows(input: RelationNode, items: Expression[]): { relation: RelationNode; items: Expression[] } {
    const positions = this.#positions;
    const calls: { call: Expression; name: string }[] = [];
    for (const item of items) {
      if (item.kind === 'alias' && item.expr.kind === 'window_call') calls.push({ call: item.expr, name: item.name });
    }
    const rewrite = (expr: Expression): Expression => {
      if (expr.kind === 'window_call') {
        const found = calls.find((c) => c.call === expr) ?? (() => {
          const created = { call: expr, name: `__win_${calls.length + 1}` };
          calls.push(created);
          return created;
        })();
        return positions.copy(expr, ColumnNode.create(found.name));
      }
      return mapChildren(expr, rewrite, positions);
    };
    const rewritten = items.map((item) => (item.kind === 'alias' && item.expr.kind === 'window_call' ? ColumnNode.create(item.name) : rewrite(item)))
      // `* EXCEPT` names the columns under the window node, not the window functions' own.
      .map((item) => (isStarExcept(item) ? positions.copy(item, exceptAlso(item, calls.map((c) => c.name))) : item));
    const relation = WindowNode.create(input, calls.map((c) => AliasNode.create(c.call, c.name)));
    // `SELECT *, f() OVER (…) AS x`: the window node's own output.
    const starThenWindows = rewritten[0]?.kind === 'star' && rewritten[0].relation === undefined && rewritten.length === calls.length + 1
      && rewritten.slice(1).every((item, i) => item.kind === 'column' && item.name === calls[i]?.name);
    if (starThenWindows) return { relation, items: [] };
    if (rewritten.some((item) => item.kind === 'star')) {
      throw positions.error(items.find((item) => item.kind === 'star') as Expression, 'with window functions, * is allowed only as SELECT *, then the window functions, each with an alias');
    }
    return { relation, items: rewritten };
  }
}

/**
 * `QUALIFY`'s window functions as hidden select items (`__qualify_1`, …),
 * computed with the select's own, and its condition over them and the
 * select's output; Spark filters after the window functions, before
 * DISTINCT, ORDER BY and LIMIT.
 */
function qualifyWindows(condition: Expression, positions: Positions): { condition: Expression; hidden: AliasNode[] } {
  const hidden: AliasNode[] = [];
  const rewrite = (expr: Expression): Expression => {
    if (expr.kind !== 'window_call') return mapChildren(expr, rewrite, positions);
    const name = `__qualify_${hidden.length + 1}`;
    hidden.push(positions.copy(expr, AliasNode.create(expr, name)));
    return positions.copy(expr, ColumnNode.create(name));
  };
  return { condition: rewrite(condition), hidden };
}

/**
 * Spark's `GROUP BY ALL`: every select item without an aggregate is a
 * grouping key (an aliased one by its expression); with none, the
 * aggregation is global. Window functions are computed above the
 * aggregation, and `*` cannot be grouped.
 */
function groupByAllKeys(items: readonly Expression[], positions: Positions): Expression[] {
  const keys: Expression[] = [];
  for (const item of items) {
    if (item.kind === 'star' || isStarExcept(item)) throw positions.error(item, 'GROUP BY ALL cannot group *: list the columns');
    const expr = item.kind === 'alias' ? item.expr : item;
    if (!containsAggregate(expr) && !containsWindowCall(expr)) keys.push(expr);
  }
  return keys;
}

function unqualified(expr: Expression, positions: Positions): Expression {
  if (expr.kind === 'column' && expr.relation !== undefined) return positions.copy(expr, ColumnNode.create(expr.name));
  return mapChildren(expr, (child) => unqualified(child, positions), positions);
}

/**
 * The input columns ORDER BY names that a plain select list (no DISTINCT,
 * no aggregation, every item named) does not output, and its output names;
 * no columns where the sort can read the select's output alone.
 */
function hiddenSortColumns(select: SelectCore, orderBy: readonly SortKey[]): { columns: Expression[]; output: string[] } {
  const none = { columns: [], output: [] };
  if (orderBy.length === 0 || select.distinct || select.groupBy.length > 0 || select.having !== undefined || select.qualify !== undefined) return none;
  if (select.items.some((item) => containsAggregate(item.expr))) return none;
  const output = select.items.map((item) => outputName(item.expr));
  if (!output.every((name): name is string => name !== undefined)) return none;
  const known = new Set(output.map((name) => name.toLowerCase()));
  const columns: Expression[] = [];
  for (const key of orderBy) {
    walkExpression(key.expr, (node) => {
      if (node.kind !== 'column' || known.has(node.name.toLowerCase())) return;
      known.add(node.name.toLowerCase());
      columns.push(node);
    });
  }
  return { columns, output: columns.length === 0 ? [] : output };
}

/** `name` or `name AS name`: a select item that passes a column through unchanged. */
function namesColumn(item: Expression, name: string): boolean {
  if (item.kind === 'column') return item.relation === undefined && item.name === name;
  return item.kind === 'alias' && item.name === name && item.expr.kind === 'column' && item.expr.relation === undefined && item.expr.name === name;
}

/** The `read_files` node of a file read: its format, path, declared schema and options. */
export function readFilesOf(item: Extract<FromItem, { kind: 'file' }>): RelationNode {
  return ReadFilesNode.create(item.format, item.path, {
    ...(item.schema === undefined ? {} : { schema: item.schema }),
    ...(Object.keys(item.options).length === 0 ? {} : { options: item.options }),
    ...(item.maxFilesPerTrigger === undefined ? {} : { maxFilesPerTrigger: item.maxFilesPerTrigger }),
  });
}

/** The output column names of a query where its select list says them (no `*`), else `undefined`. */
function outputNames(query: QueryExpr): string[] | undefined {
  const body = query.body;
  if (body.kind === 'query') return outputNames(body);
  if (body.kind === 'union') return body.branches[0] === undefined ? undefined : outputNames(body.branches[0]);
  if (body.kind !== 'select') return outputNames(body.left);
  const names = body.items.map((item) => outputName(item.expr));
  return names.every((name): name is string => name !== undefined) ? names : undefined;
}
