import type { FileFormat } from '../../model/file-format.js';
import type { Expression } from '../expr/expression.js';
import type { SortKey } from '../expr/sort-key.js';
import { AggregateNode } from '../rel/aggregate.js';
import { DeduplicateNode } from '../rel/deduplicate.js';
import { FilterNode } from '../rel/filter.js';
import { type JoinType, JoinNode } from '../rel/join.js';
import { LimitNode } from '../rel/limit.js';
import { ProjectNode } from '../rel/project.js';
import { ReadFilesNode } from '../rel/read-files.js';
import { ReadNode } from '../rel/read.js';
import type { RelationNode } from '../rel/relation.js';
import { SortNode } from '../rel/sort.js';
import { SqlNode } from '../rel/sql.js';
import { UnionNode } from '../rel/union.js';
import { WindowNode } from '../rel/window.js';
import { type Expr, type ExprInput, toColumnExpression, toExpression, toSortKey } from './expr.js';

export interface JoinOptions {
  readonly type?: JoinType;
  readonly on?: ExprInput;
  readonly using?: readonly string[];
  readonly leftAlias?: string;
  readonly rightAlias?: string;
}

/** An immutable, DataFrame-like plan builder; `.node` is the IR. */
export class Frame {
  constructor(readonly node: RelationNode) {}

  filter(condition: ExprInput): Frame {
    return new Frame(FilterNode.create(this.node, toExpression(condition)));
  }

  /** Strings are column names. */
  select(...columns: readonly (Expr | string)[]): Frame {
    return new Frame(ProjectNode.create(this.node, columns.map(toColumnExpression)));
  }

  groupBy(...keys: readonly (Expr | string)[]): GroupedFrame {
    return new GroupedFrame(this.node, keys.map(toColumnExpression));
  }

  /** A global aggregation (no grouping keys). */
  agg(...aggregates: readonly Expr[]): Frame {
    return new GroupedFrame(this.node, []).agg(...aggregates);
  }

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

  union(...others: readonly Frame[]): Frame {
    return new Frame(UnionNode.create([this.node, ...others.map((o) => o.node)], true));
  }

  unionDistinct(...others: readonly Frame[]): Frame {
    return new Frame(UnionNode.create([this.node, ...others.map((o) => o.node)], false));
  }

  orderBy(...keys: readonly (SortKey | Expr | string)[]): Frame {
    return new Frame(SortNode.create(this.node, keys.map(toSortKey)));
  }

  limit(count: number, offset?: number): Frame {
    return new Frame(LimitNode.create(this.node, count, offset));
  }

  distinct(...columns: readonly string[]): Frame {
    return new Frame(DeduplicateNode.create(this.node, columns.length === 0 ? undefined : columns));
  }

  /** Appends window-function columns: `.window(rowNumber().over({ … }).as('rn'))`. */
  window(...expressions: readonly Expr[]): Frame {
    return new Frame(WindowNode.create(this.node, expressions.map((e) => e.node)));
  }
}

export class GroupedFrame {
  constructor(
    readonly input: RelationNode,
    readonly keys: readonly Expression[],
  ) {}

  agg(...aggregates: readonly Expr[]): Frame {
    return new Frame(AggregateNode.create(this.input, this.keys, aggregates.map((a) => a.node)));
  }
}

/** Reads a dataset of the pipeline. */
export function from(dataset: string): Frame {
  return new Frame(ReadNode.create(dataset));
}

export function readFiles(format: FileFormat, path: string, extra: Pick<ReadFilesNode, 'schema' | 'options' | 'maxFilesPerTrigger'> = {}): Frame {
  return new Frame(ReadFilesNode.create(format, path, extra));
}

/** Raw SQL in one dialect; list the datasets it reads in the flow's `reads`. */
export function sql(dialect: string, text: string): Frame {
  return new Frame(SqlNode.create(dialect, text));
}
