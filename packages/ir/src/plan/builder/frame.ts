import type { FileFormat } from '../../model/file-format.js';
import type { Expression } from '../expr/expression.js';
import type { SortKey } from '../expr/sort-key.js';
import { AggregateNode } from '../rel/aggregate.js';
import { DeduplicateNode } from '../rel/deduplicate.js';
import { FilterNode } from '../rel/filter.js';
import { type Generator, GenerateNode } from '../rel/generate.js';
import { type JoinType, JoinNode } from '../rel/join.js';
import { LimitNode } from '../rel/limit.js';
import { ProjectNode } from '../rel/project.js';
import { RangeNode } from '../rel/range.js';
import { ReadFilesNode } from '../rel/read-files.js';
import { ReadNode } from '../rel/read.js';
import type { RelationNode } from '../rel/relation.js';
import { SortNode } from '../rel/sort.js';
import { SqlNode } from '../rel/sql.js';
import { UnionNode } from '../rel/union.js';
import { WindowNode } from '../rel/window.js';
import { type Expr, type ExprInput, toColumnExpression, toExpression, toSortKey } from './expr.js';

/** Options of {@link Frame.join}: the join type, its condition, and the names of its sides. */
export interface JoinOptions {
  /** Join type; default `inner`. */
  readonly type?: JoinType;
  /** Join condition; refer to the sides' columns with `col(name, alias)`. */
  readonly on?: ExprInput;
  /** Join on these equally named columns instead of `on`. */
  readonly using?: readonly string[];
  /** Name for this frame's side, to qualify its columns. */
  readonly leftAlias?: string;
  /** Name for the other frame's side, to qualify its columns. */
  readonly rightAlias?: string;
}

/** An immutable, DataFrame-like plan builder; `.node` is the IR. */
export class Frame {
  /**
   * Wraps a relation node.
   * @param node The IR plan the builder produces.
   */
  constructor(readonly node: RelationNode) {}

  /**
   * Keeps the rows where `condition` is true (false and NULL drop the row). A plain string is a literal, not a
   * column: use `col`.
   */
  filter(condition: ExprInput): Frame {
    return new Frame(FilterNode.create(this.node, toExpression(condition)));
  }

  /** Strings are column names. */
  select(...columns: readonly (Expr | string)[]): Frame {
    return new Frame(ProjectNode.create(this.node, columns.map(toColumnExpression)));
  }

  /** Groups by columns or expressions (strings are column names); finish with `.agg(…)`. */
  groupBy(...keys: readonly (Expr | string)[]): GroupedFrame {
    return new GroupedFrame(this.node, keys.map(toColumnExpression));
  }

  /** A global aggregation (no grouping keys). */
  agg(...aggregates: readonly Expr[]): Frame {
    return new GroupedFrame(this.node, []).agg(...aggregates);
  }

  /** Joins `other` to this frame; an inner join unless `options.type` says otherwise. */
  join(other: Frame, options: JoinOptions = {}): Frame {
    const { type = 'inner', on, using, leftAlias, rightAlias } = options;
    return new Frame(
      JoinNode.create(type, this.node, other.node, {
        ...(on === undefined ? {} : { on: toExpression(on) }),
        ...(using === undefined ? {} : { using }),
        ...(leftAlias === undefined ? {} : { leftAlias }),
        ...(rightAlias === undefined ? {} : { rightAlias }),
      }),
    );
  }

  /** `UNION ALL` with other frames: their rows appended, duplicates kept, columns matched by name. */
  union(...others: readonly Frame[]): Frame {
    return new Frame(UnionNode.create([this.node, ...others.map((o) => o.node)], true));
  }

  /** `UNION` with other frames: like {@link Frame.union}, without duplicate rows. */
  unionDistinct(...others: readonly Frame[]): Frame {
    return new Frame(UnionNode.create([this.node, ...others.map((o) => o.node)], false));
  }

  /** Sorts by keys, most significant first; a column name or Expr sorts ascending, `col('x').desc()` descending. */
  orderBy(...keys: readonly (SortKey | Expr | string)[]): Frame {
    return new Frame(SortNode.create(this.node, keys.map(toSortKey)));
  }

  /** Keeps at most `count` rows after skipping `offset`; which rows is unspecified without an `orderBy` first. */
  limit(count: number, offset?: number): Frame {
    return new Frame(LimitNode.create(this.node, count, offset));
  }

  /** Removes duplicate rows; with column names, keeps one (unspecified) row per distinct value of those columns. */
  distinct(...columns: readonly string[]): Frame {
    return new Frame(DeduplicateNode.create(this.node, columns.length === 0 ? undefined : columns));
  }

  /** Appends window-function columns: `.window(rowNumber().over({ … }).as('rn'))`. */
  window(...expressions: readonly Expr[]): Frame {
    return new Frame(WindowNode.create(this.node, expressions.map((e) => e.node)));
  }

  /**
   * One row per element of a list (or entry of a map) of each row, the
   * row's columns first: `.explode(col('tags'), { names: ['tag'] })`.
   * `outer` keeps a row whose list is NULL or empty, once, with NULLs.
   */
  explode(list: Expr, options: GenerateOptions = {}): Frame {
    return this.generate('explode', list, options);
  }

  /** {@link Frame.explode} with each element's 0-based position first (`pos`). */
  posexplode(list: Expr, options: GenerateOptions = {}): Frame {
    return this.generate('posexplode', list, options);
  }

  /** One row per struct of a list of structs, one column per field. */
  inline(list: Expr, options: GenerateOptions = {}): Frame {
    return this.generate('inline', list, options);
  }

  /** Any generator (see {@link GenerateNode}). */
  generate(generator: Generator, expr: Expr, options: GenerateOptions = {}): Frame {
    return new Frame(GenerateNode.create(this.node, generator, expr.node, options));
  }
}

/** Options of {@link Frame.explode} and the other generators. */
export interface GenerateOptions {
  /** Keep rows whose list or map is NULL or empty, once, with NULL generated columns. */
  readonly outer?: boolean;
  /** Names of the generated columns, in order (default: Spark's `col`, `key`/`value`, `pos`, or the struct's fields). */
  readonly names?: readonly string[];
}

/** A frame grouped by keys, from {@link Frame.groupBy}; `.agg(…)` turns it back into a frame. */
export class GroupedFrame {
  constructor(
    /** The relation being grouped. */
    readonly input: RelationNode,
    /** The grouping expressions. */
    readonly keys: readonly Expression[],
  ) {}

  /** One row per group: the keys followed by the aggregates, e.g. `.agg(sum('amount').as('total'))`. */
  agg(...aggregates: readonly Expr[]): Frame {
    return new Frame(AggregateNode.create(this.input, this.keys, aggregates.map((a) => a.node)));
  }
}

/** Reads a dataset of the pipeline. */
export function from(dataset: string): Frame {
  return new Frame(ReadNode.create(dataset));
}

/**
 * Reads files (one file, a glob, or a directory) as a frame. In a streaming flow a directory is a growing
 * source: each new file is read once.
 */
export function readFiles(format: FileFormat, path: string, extra: Pick<ReadFilesNode, 'schema' | 'options' | 'maxFilesPerTrigger'> = {}): Frame {
  return new Frame(ReadFilesNode.create(format, path, extra));
}

/**
 * Rows made from nothing: one BIGINT column `id` from `start` up to, not
 * including, `end` by `step` (SQL's `range(start, end, step)`), e.g.
 * `range(0, 7)` for a week of day offsets.
 */
export function range(start: number, end: number, step = 1): Frame {
  return new Frame(RangeNode.create(start, end, step));
}

/** Raw SQL in one dialect; list the datasets it reads in the flow's `reads`. */
export function sql(dialect: string, text: string): Frame {
  return new Frame(SqlNode.create(dialect, text));
}
