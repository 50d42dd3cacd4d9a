import {
  AliasNode, BinaryNode, CallNode, ColumnNode, type Dataset, DeduplicateNode, type Expression, type Flow, type InferredSchema, JoinNode, ProjectNode,
  RELATION_FIELDS, type RelationNode, StarNode, UnaryNode, WindowCallNode, WindowNode, schemaResolver, scopeOf, walkPlan,
} from '@thund/ir';
import { SqlError, type SqlProblem } from '../sql-error.js';
import type { Positions } from './positions.js';

/**
 * The name of the marker `* EXCEPT (a, b)` is read as until the pipeline
 * is lowered: a call of this name whose arguments are the star, then the
 * columns it leaves out. It is no function of the catalog, so a marker
 * that reached validation would be refused there.
 */
const STAR_EXCEPT = '__star_except';

/** `*` (or `t.*`) `EXCEPT (columns)`, as a marker to expand once the columns under it are known. */
export function starExcept(star: StarNode, columns: readonly string[]): CallNode {
  return CallNode.create(STAR_EXCEPT, [star, ...columns.map((name) => ColumnNode.create(name))]);
}

/** Whether `expr` is a `* EXCEPT` marker. */
export function isStarExcept(expr: Expression): expr is CallNode {
  return expr.kind === 'call' && expr.name === STAR_EXCEPT;
}

/** The marker that stands for every column of a window's input, in a PARTITION BY or an ORDER BY. */
const ALL_COLUMNS = '__all_columns';
/** The marker a set operation's join is on: each column of its left side equal (NULL-safe) to the right's in the same place. */
const SET_MATCH = '__set_match';
/** The copy number `EXCEPT ALL` and `INTERSECT ALL` give each row among its equals. */
const COPY = '__set_copy';
const LEFT = '__set_left';
const RIGHT = '__set_right';

/**
 * `left EXCEPT right` / `left INTERSECT right` on the plan's own nodes, as
 * Spark's optimizer rewrites them: the distinct rows of `left` without
 * (with) an equal row in `right`, an anti (semi) join on every column
 * by position, NULLs equal. With ALL, each row is numbered among its
 * equal copies on both sides (row_number partitioned by every column),
 * and copies are matched by number: `EXCEPT ALL` keeps as many copies as
 * `left` has more than `right`, `INTERSECT ALL` as many as both have.
 */
export function setDifference(kind: 'except' | 'intersect', all: boolean, left: RelationNode, right: RelationNode, mark: (join: JoinNode) => JoinNode): RelationNode {
  const type = kind === 'except' ? 'anti' : 'semi';
  const on = CallNode.create(SET_MATCH, []);
  if (!all) return mark(JoinNode.create(type, DeduplicateNode.create(left), right, { leftAlias: LEFT, rightAlias: RIGHT, on }));
  const numbered = (input: RelationNode): RelationNode => {
    const every = CallNode.create(ALL_COLUMNS, []);
    return WindowNode.create(input, [AliasNode.create(WindowCallNode.create('row_number', [], [every], [{ expr: every, direction: 'asc' }]), COPY)]);
  };
  const joined = mark(JoinNode.create(type, numbered(left), numbered(right), { leftAlias: LEFT, rightAlias: RIGHT, on }));
  return ProjectNode.create(joined, [starExcept(StarNode.create(), [COPY])]);
}

/** A marker with more columns left out (a select's own window columns, which its `*` does not name). */
export function exceptAlso(marker: CallNode, names: readonly string[]): CallNode {
  return CallNode.create(STAR_EXCEPT, [...marker.args, ...names.map((name) => ColumnNode.create(name))]);
}

/**
 * Every marker of the flows that stands for a list of columns, written
 * out once the columns are known (from declared schemas and the flows
 * upstream, as `check` infers them; the plan has no node for "every
 * column but …"): `* EXCEPT (…)` becomes the columns it keeps, in their
 * order; a set operation's join gets its ON over every pair of columns;
 * its copy numbers' window, its PARTITION BY and ORDER BY. Flows are
 * expanded upstream first, so a flow's markers see the columns the flows
 * it reads will write. A marker whose columns are not known, or that
 * names a column its input does not have, is an error at its position.
 */
export function expandStarExcepts(datasets: readonly Dataset[], flows: readonly Flow[], positionsOf: (flow: number) => Positions): Flow[] {
  const result = [...flows];
  const problems: SqlProblem[] = [];
  const writers = new Map<string, number[]>();
  flows.forEach((flow, i) => {
    writers.set(flow.target.toLowerCase(), [...(writers.get(flow.target.toLowerCase()) ?? []), i]);
  });
  const state = new Map<number, 'visiting' | 'done'>();
  const visit = (i: number): void => {
    if (state.has(i)) return;
    state.set(i, 'visiting');
    const flow = result[i] as Flow;
    walkPlan(flow.query, {
      relation: (node) => {
        if (node.kind === 'read') for (const writer of writers.get(node.dataset.toLowerCase()) ?? []) visit(writer);
      },
    });
    if (hasMarker(flow.query)) {
      const schemaOf = schemaResolver({ datasets, flows: result });
      try {
        result[i] = { ...flow, query: expandIn(flow.query, schemaOf, positionsOf(i)) };
      } catch (error) {
        if (!(error instanceof SqlError)) throw error;
        problems.push(...error.problems);
      }
    }
    state.set(i, 'done');
  };
  for (let i = 0; i < flows.length; i += 1) visit(i);
  if (problems.length > 0) throw new SqlError(problems);
  return result;
}

function hasMarker(plan: RelationNode): boolean {
  let found = false;
  walkPlan(plan, { expression: (node) => { if (node.kind === 'call' && (node.name === STAR_EXCEPT || node.name === SET_MATCH || node.name === ALL_COLUMNS)) found = true; } });
  return found;
}

/** `node` with its inputs expanded first, then its own markers (a projection's columns). */
function expandIn(node: RelationNode, schemaOf: (node: RelationNode) => InferredSchema, positions: Positions): RelationNode {
  const copy: Record<string, unknown> = { ...node };
  let changed = false;
  for (const slot of RELATION_FIELDS[node.kind].inputs as readonly { readonly field: string; readonly each?: true }[]) {
    const value = (node as unknown as Record<string, unknown>)[slot.field];
    if (value === undefined) continue;
    const next = slot.each === true ? (value as RelationNode[]).map((child) => expandIn(child, schemaOf, positions)) : expandIn(value as RelationNode, schemaOf, positions);
    const same = slot.each === true ? (next as RelationNode[]).every((child, i) => child === (value as RelationNode[])[i]) : next === value;
    if (!same) {
      copy[slot.field] = next;
      changed = true;
    }
  }
  const current = changed ? (Object.freeze(copy) as unknown as RelationNode) : node;
  if (current.kind === 'join' && current.on?.kind === 'call' && current.on.name === SET_MATCH) return setMatch(current, schemaOf, positions);
  if (current.kind === 'window') return allColumns(current, schemaOf, positions);
  if (current.kind !== 'project' || !current.columns.some(isStarExcept)) return current;
  const columns = current.columns.flatMap((column) => (isStarExcept(column) ? kept(column, current.input, schemaOf, positions) : [column]));
  return positions.copy(current, ProjectNode.create(current.input, columns));
}

/** A set operation's join, on each pair of columns in the same place equal or both NULL. */
function setMatch(join: JoinNode, schemaOf: (node: RelationNode) => InferredSchema, positions: Positions): RelationNode {
  const left = schemaOf(join.left);
  const right = schemaOf(join.right);
  if (left === undefined || right === undefined) {
    throw positions.error(join, 'EXCEPT and INTERSECT compare every column, so the columns of both sides must be known before running: declare the schema of the files they read (read_files(…, schema => …)), or select the columns by name');
  }
  if (left.length !== right.length) {
    throw positions.error(join, `each side of EXCEPT or INTERSECT needs the same number of columns: the first has ${left.length} (${left.map((f) => f.name).join(', ')}), the second ${right.length} (${right.map((f) => f.name).join(', ')})`);
  }
  const pairs = left.map((field, i) => {
    const l = ColumnNode.create(field.name, join.leftAlias);
    const r = ColumnNode.create((right[i] as { name: string }).name, join.rightAlias);
    return BinaryNode.create('or', BinaryNode.create('eq', l, r), BinaryNode.create('and', UnaryNode.create('is_null', l), UnaryNode.create('is_null', r)));
  });
  const on = pairs.reduce((all, pair) => BinaryNode.create('and', all, pair));
  return positions.copy(join, JoinNode.create(join.type, join.left, join.right, { ...(join.leftAlias === undefined ? {} : { leftAlias: join.leftAlias }), ...(join.rightAlias === undefined ? {} : { rightAlias: join.rightAlias }), on }));
}

/** A window whose PARTITION BY or ORDER BY is every column of its input (a set operation's copy numbers). */
function allColumns(window: WindowNode, schemaOf: (node: RelationNode) => InferredSchema, positions: Positions): RelationNode {
  const marked = (expr: Expression): boolean => expr.kind === 'call' && expr.name === ALL_COLUMNS;
  if (!window.expressions.some((e) => e.kind === 'alias' && e.expr.kind === 'window_call' && e.expr.partitionBy.some(marked))) return window;
  const input = schemaOf(window.input);
  if (input === undefined) throw positions.error(window, 'EXCEPT ALL and INTERSECT ALL compare every column, so the columns of both sides must be known before running: declare the schema of the files they read');
  const columns = input.map((f) => ColumnNode.create(f.name));
  const expressions = window.expressions.map((e) => {
    if (e.kind !== 'alias' || e.expr.kind !== 'window_call') return e;
    const call = e.expr;
    return AliasNode.create(WindowCallNode.create(call.name, call.args, call.partitionBy.flatMap((p) => (marked(p) ? columns : [p])),
      call.orderBy.flatMap((key) => (marked(key.expr) ? columns.map((expr) => ({ ...key, expr })) : [key])), call.frame), e.name);
  });
  return WindowNode.create(window.input, expressions);
}

/** The columns a marker keeps, qualified as its star is. */
function kept(marker: CallNode, input: RelationNode, schemaOf: (node: RelationNode) => InferredSchema, positions: Positions): ColumnNode[] {
  const [star, ...excluded] = marker.args as [StarNode, ...ColumnNode[]];
  const relation = star.relation;
  const scope = scopeOf(input, schemaOf);
  const fields = relation === undefined ? scope.columns(undefined) : scope.side(relation) ?? implicitSide(input, relation, schemaOf);
  const written = relation === undefined ? '*' : `${relation}.*`;
  if (fields === undefined) {
    throw positions.error(marker, `${written} EXCEPT (…) needs the columns of what it reads before running, and they are only known when it runs (a file read without a schema, or a query over one): declare them (read_files(…, schema => 'a BIGINT, …') or a column list on the table), or list the columns to keep`);
  }
  const names = fields.map((f) => f.name);
  for (const column of excluded) {
    if (!names.some((name) => name.toLowerCase() === column.name.toLowerCase())) {
      throw positions.error(marker, `${written} EXCEPT names ${column.name}, which is not a column of ${relation ?? 'its input'} (${names.join(', ')})`);
    }
  }
  const out = names.filter((name) => !excluded.some((column) => column.name.toLowerCase() === name.toLowerCase()));
  if (out.length === 0) throw positions.error(marker, `${written} EXCEPT leaves no column: keep at least one`);
  if (relation === undefined && new Set(out.map((name) => name.toLowerCase())).size < out.length) {
    throw positions.error(marker, '* EXCEPT keeps columns of the same name from both sides of a join: qualify it (t.* EXCEPT (…)) for each side');
  }
  return out.map((name) => ColumnNode.create(name, relation));
}

/** A join side named by the dataset it reads (the plan gives it no alias). */
function implicitSide(input: RelationNode, relation: string, schemaOf: (node: RelationNode) => InferredSchema): InferredSchema {
  let join = input;
  while (join.kind === 'filter' || join.kind === 'sort' || join.kind === 'limit' || join.kind === 'deduplicate' || join.kind === 'window') join = join.input;
  if (join.kind !== 'join') return undefined;
  for (const side of [join.left, join.right]) {
    if (side.kind === 'read' && side.dataset.toLowerCase() === relation.toLowerCase()) return schemaOf(side);
  }
  return undefined;
}
