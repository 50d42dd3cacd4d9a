import { type RelationNode, type RelationVisitor, ThundError, ThundErrorCode, outputName, visitRelation } from '@thund/ir';
import { Aggregate_GroupType, Join_JoinType, SetOperation_SetOpType } from '../gen/spark/connect/relations_pb.js';
import type { RelationInit } from '../connect/session.js';
import { type ExprInit, call } from './expr-init.js';
import { appendColumns } from './lazy-columns.js';
import { ExpressionLowering } from './expression-lowering.js';
import { schemaDdl } from './spark-types.js';

type RelationNodeOf<K extends RelationNode['kind']> = Extract<RelationNode, { kind: K }>;

/** What lowering needs to know about where things live. */
export interface LoweringContext {
  /** The flow reads its inputs incrementally: every `read` and `read_files` is a streaming read. */
  readonly streaming: boolean;
  /**
   * In a streaming flow, whether a `read` of this dataset is a stream too
   * (default: every read is). Others are batch reads: a stream-static join.
   */
  streamsDataset?(dataset: string): boolean;
  /** Absolute path (or glob) for a path written in the pipeline. */
  resolvePath(path: string): string;
  /**
   * The relation a `read` of a pipeline dataset becomes. Inside a dataflow
   * graph that is the bare name (SDP resolves it); outside (queries after
   * the run) a qualified table, or a temporary view's own plan inlined.
   */
  readDataset?(dataset: string, streaming: boolean): RelationInit | undefined;
  /** A schema Spark already inferred this run for a file read it would otherwise infer again (inferred-schemas.ts). */
  inferredSchema?(read: FileRead): string | undefined;
}

/** What identifies a file read for schema inference: its format, paths and reader options. */
export interface FileRead {
  readonly format: string;
  readonly paths: readonly string[];
  readonly options: Readonly<Record<string, string>>;
}

/**
 * Whether Spark infers the schema of a file read given none by reading the
 * files whole: a CSV read with `inferSchema`, a JSON read. A streaming read
 * infers the schema a batch read of the same files would (with
 * `spark.sql.streaming.schemaInference`; without it, it needs one).
 */
export function infersSchema(read: FileRead): boolean {
  return (read.format === 'csv' && read.options['inferSchema'] === 'true') || read.format === 'json';
}

/** The SQL dialects Spark runs as written. */
export const SPARK_SQL_DIALECTS: readonly string[] = ['spark'];

const JOIN_TYPE: Readonly<Record<RelationNodeOf<'join'>['type'], Join_JoinType>> = {
  inner: Join_JoinType.INNER,
  left: Join_JoinType.LEFT_OUTER,
  right: Join_JoinType.RIGHT_OUTER,
  full: Join_JoinType.FULL_OUTER,
  semi: Join_JoinType.LEFT_SEMI,
  anti: Join_JoinType.LEFT_ANTI,
  cross: Join_JoinType.CROSS,
};

/** Native accepts DuckDB's option names too; these are their Spark names. */
const CSV_OPTION_ALIASES: Readonly<Record<string, string>> = {
  delim: 'sep', delimiter: 'sep', nullstr: 'nullValue', dateformat: 'dateFormat', timestampformat: 'timestampFormat',
};

/**
 * Lowers a portable plan to one Spark Connect Relation (init data). One
 * method per relation kind: RelationVisitor makes a new IR kind a compile
 * error here.
 */
export class RelationLowering implements RelationVisitor<RelationInit> {
  readonly #context: LoweringContext;
  readonly #expr = new ExpressionLowering();

  constructor(context: LoweringContext) {
    this.#context = context;
  }

  /** The plan as one Spark Connect Relation. */
  lower(node: RelationNode): RelationInit {
    return visitRelation(this, node);
  }

  /** The expression lowering this relation lowering uses. */
  get expressions(): ExpressionLowering {
    return this.#expr;
  }

  /**
   * The context's `readDataset` relation, else a read of the named table,
   * streaming in a streaming flow unless `streamsDataset` says otherwise.
   */
  readonly read = (node: RelationNodeOf<'read'>): RelationInit => {
    const custom = this.#context.readDataset?.(node.dataset, this.#context.streaming);
    if (custom !== undefined) return custom;
    const streaming = this.#context.streaming && (this.#context.streamsDataset?.(node.dataset) ?? true);
    return { relType: { case: 'read', value: { readType: { case: 'namedTable', value: { unparsedIdentifier: node.dataset } }, isStreaming: streaming } } };
  };

  /**
   * A data source read of the resolved path, streaming in a streaming flow.
   * CSV and JSON fail fast on a malformed file; CSV has a header, RFC 4180
   * quoting and DuckDB option names accepted; CSV without a schema infers
   * one (typed columns, as native reads them), batch or streaming.
   */
  readonly read_files = (node: RelationNodeOf<'read_files'>): RelationInit => {
    const options: Record<string, string> = {};
    if (node.format === 'csv') {
      // Like native: a header row, RFC 4180 quoting, and a malformed file fails rather than reading as something else.
      Object.assign(options, { header: 'true', escape: '"', mode: 'FAILFAST' });
      if (node.schema === undefined) options['inferSchema'] = 'true';
      for (const [key, value] of Object.entries(node.options ?? {})) options[CSV_OPTION_ALIASES[key] ?? key] = value;
    } else {
      if (node.format === 'json') options['mode'] = 'FAILFAST';
      Object.assign(options, node.options ?? {});
    }
    if (this.#context.streaming && node.maxFilesPerTrigger !== undefined) options['maxFilesPerTrigger'] = String(node.maxFilesPerTrigger);
    const paths = [this.#context.resolvePath(node.path)];
    const read: FileRead = { format: node.format, paths, options };
    const inferred = node.schema === undefined && infersSchema(read) ? this.#context.inferredSchema?.(read) : undefined;
    if (inferred !== undefined) delete options['inferSchema'];
    const schema = node.schema === undefined ? inferred : schemaDdl(node.schema);
    return {
      relType: {
        case: 'read',
        value: {
          readType: {
            case: 'dataSource',
            value: { format: node.format, ...(schema === undefined ? {} : { schema }), options, paths },
          },
          isStreaming: this.#context.streaming,
        },
      },
    };
  };

  /** A Filter of the input by the condition. */
  readonly filter = (node: RelationNodeOf<'filter'>): RelationInit => ({
    relType: { case: 'filter', value: { input: this.lower(node.input), condition: this.#expr.lower(node.condition) } },
  });

  /** A Project of the columns, each under its portable output name. */
  readonly project = (node: RelationNodeOf<'project'>): RelationInit => ({
    relType: { case: 'project', value: { input: this.lower(node.input), expressions: node.columns.map((c) => this.#expr.lowerOutput(c)) } },
  });

  /** Spark's Aggregate outputs the grouping expressions, then the aggregates. */
  readonly aggregate = (node: RelationNodeOf<'aggregate'>): RelationInit => ({
    relType: {
      case: 'aggregate',
      value: {
        input: this.lower(node.input),
        groupType: Aggregate_GroupType.GROUPBY,
        groupingExpressions: node.groupBy.map((c) => this.#expr.lowerOutput(c)),
        aggregateExpressions: node.aggregates.map((c) => this.#expr.lowerOutput(c)),
      },
    },
  });

  /** `SELECT *, w1 AS n1, …` (a Project, not WithColumns: see lazy-columns.ts). */
  readonly window = (node: RelationNodeOf<'window'>): RelationInit => appendColumns(this.lower(node.input), node.expressions.map((e) => {
    const name = outputName(e);
    if (name === undefined) throw new ThundError(ThundErrorCode.Validation, 'window expressions must be aliased', { backend: 'spark' });
    return { expr: this.#expr.lower(e.kind === 'alias' ? e.expr : e), name };
  }));

  /**
   * `SELECT *, explode(expr) AS (names…)`: Spark's analyzer makes the
   * generator a Generate (explode, posexplode or inline, `_outer` to keep
   * rows with a NULL or empty list); without names, Spark's own (the IR's).
   */
  readonly generate = (node: RelationNodeOf<'generate'>): RelationInit => {
    const generator = call(`${node.generator}${node.outer === true ? '_outer' : ''}`, [this.#expr.lower(node.expr)]);
    const column: ExprInit = node.names === undefined ? generator : { exprType: { case: 'alias', value: { expr: generator, name: [...node.names] } } };
    return { relType: { case: 'project', value: { input: this.lower(node.input), expressions: [{ exprType: { case: 'unresolvedStar', value: {} } }, column] } } };
  };

  /** Join sides are named with SubqueryAlias so qualified columns (`p.dept`) resolve. */
  readonly join = (node: RelationNodeOf<'join'>): RelationInit => {
    const side = (input: RelationNode, explicit: string | undefined): RelationInit => {
      const lowered = this.lower(input);
      const name = explicit ?? (input.kind === 'read' ? input.dataset : undefined);
      return name === undefined ? lowered : subqueryAlias(lowered, name);
    };
    const using = node.type !== 'cross' && node.using !== undefined && node.using.length > 0 ? [...node.using] : [];
    const condition = node.type !== 'cross' && using.length === 0 && node.on !== undefined ? { joinCondition: this.#expr.lower(node.on) } : {};
    return {
      relType: {
        case: 'join',
        value: { left: side(node.left, node.leftAlias), right: side(node.right, node.rightAlias), joinType: JOIN_TYPE[node.type], usingColumns: using, ...condition },
      },
    };
  };

  /** UNION [ALL] BY NAME, folded left over the inputs. */
  readonly union = (node: RelationNodeOf<'union'>): RelationInit => {
    const [first, ...rest] = node.inputs.map((input) => this.lower(input));
    if (first === undefined) throw new ThundError(ThundErrorCode.Validation, 'union needs at least one input', { backend: 'spark' });
    return rest.reduce<RelationInit>((left, right) => ({
      relType: {
        case: 'setOp',
        value: { leftInput: left, rightInput: right, setOpType: SetOperation_SetOpType.UNION, isAll: node.all !== false, byName: true },
      },
    }), first);
  };

  /** A global Sort by the keys. */
  readonly sort = (node: RelationNodeOf<'sort'>): RelationInit => ({
    relType: { case: 'sort', value: { input: this.lower(node.input), order: node.keys.map((k) => this.#expr.sortOrder(k)), isGlobal: true } },
  });

  /** LIMIT n OFFSET m: the offset applies first. */
  readonly limit = (node: RelationNodeOf<'limit'>): RelationInit => {
    let input = this.lower(node.input);
    if (node.offset !== undefined && node.offset !== 0) input = { relType: { case: 'offset', value: { input, offset: int32(node.offset, 'offset') } } };
    return { relType: { case: 'limit', value: { input, limit: int32(node.count, 'limit') } } };
  };

  /** A Deduplicate on the given columns, or on every column without them. */
  readonly deduplicate = (node: RelationNodeOf<'deduplicate'>): RelationInit => ({
    relType: {
      case: 'deduplicate',
      value: node.columns !== undefined && node.columns.length > 0
        ? { input: this.lower(node.input), columnNames: [...node.columns] }
        : { input: this.lower(node.input), allColumnsAsKeys: true },
    },
  });

  /** Spark's Range, whose one column is `id` as the IR's. Never streaming: in a streaming flow it is read whole. */
  readonly range = (node: RelationNodeOf<'range'>): RelationInit => ({
    relType: { case: 'range', value: { start: BigInt(node.start), end: BigInt(node.end), step: BigInt(node.step) } },
  });

  /** Raw SQL as written, trailing semicolons removed; a dialect Spark does not run is `THUND_UNSUPPORTED`. */
  readonly sql = (node: RelationNodeOf<'sql'>): RelationInit => {
    if (!SPARK_SQL_DIALECTS.includes(node.dialect)) {
      throw new ThundError(ThundErrorCode.Unsupported, `raw SQL in dialect "${node.dialect}" cannot run on Spark`, { backend: 'spark' });
    }
    return { relType: { case: 'sql', value: { query: node.sql.trim().replace(/;+\s*$/, '') } } };
  };
}

export function subqueryAlias(input: RelationInit, alias: string): RelationInit {
  return { relType: { case: 'subqueryAlias', value: { input, alias } } };
}

function int32(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 2_147_483_647) {
    throw new ThundError(ThundErrorCode.Validation, `${what} must be an integer from 0 to 2147483647 on Spark, got ${value}`, { backend: 'spark' });
  }
  return value;
}
