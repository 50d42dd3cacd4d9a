import {
  type Expression, type Field, type InferredSchema, type ReadFilesNode, type ReadNode, type RelationNode, type RelationVisitor, ThundError, ThundErrorCode,
  type ColumnScope, RANGE_COLUMN, expressionType, outputName, scopeOf, visitRelation,
} from '@thund/ir';
import { duckdbType } from './duckdb-types.js';
import { ExpressionCompiler } from './expression-compiler.js';
import { generateSelect } from './generate-sql.js';
import { type Query, type SelectQuery, isBare, isRowLevel, querySql, selectFrom } from './select-query.js';
import { optionValue, qualifiedName, quoteIdentifier, quoteString } from './sql-text.js';

/** What lowering needs to know about where things live. */
export interface CompileContext {
  /** DuckDB schema holding the pipeline's datasets; `undefined` for the default. */
  readonly schema: string | undefined;
  /** Absolute path (or glob) for a path written in the pipeline. */
  resolvePath(path: string): string;
  /**
   * Streaming: the exact files a `read_files` node reads in this micro-batch
   * (and the format they are in, for in-memory sources staged as JSON).
   * `undefined` reads the node's path as written.
   */
  bindFiles?(node: ReadFilesNode): BoundFiles | undefined;
  /**
   * Streaming from a table: the rows (by DuckDB rowid, `from` ≤ rowid < `to`)
   * a `read` node reads in this micro-batch. `undefined` reads the whole table.
   */
  bindRead?(node: ReadNode): BoundRows | undefined;
  /** The IR's inferred output schema of a plan node (`schemaResolver` of the pipeline), for casting results to the IR's types. */
  readonly schemaOf?: (node: RelationNode) => InferredSchema;
  /**
   * A CSV read as the run found it: for a `read_csv(…)` call as compiled,
   * the same read with the dialect and columns DuckDB's sniffer detected
   * spelled out (see `run/csv-sniffer.ts`); `undefined` keeps the call.
   */
  sniffedCsv?(call: string): string | undefined;
}

/** The rows of an append-only table one micro-batch reads. */
export interface BoundRows {
  readonly from: number;
  readonly to: number;
}

/** The files one micro-batch of a streaming source reads. */
export interface BoundFiles {
  readonly files: readonly string[];
  readonly format?: ReadFilesNode['format'];
}

type RelationNodeOf<K extends RelationNode['kind']> = Extract<RelationNode, { kind: K }>;

const JOIN_SQL = {
  inner: 'JOIN', left: 'LEFT JOIN', right: 'RIGHT JOIN', full: 'FULL JOIN', semi: 'SEMI JOIN', anti: 'ANTI JOIN', cross: 'CROSS JOIN',
} as const;

/** Spark-style option names accepted for familiarity, mapped to DuckDB's. */
const CSV_OPTION_ALIASES: Readonly<Record<string, string>> = {
  sep: 'delim', delimiter: 'delim', nullValue: 'nullstr', dateFormat: 'dateformat', timestampFormat: 'timestampformat',
};

/**
 * The `read_csv(…)` call for a path (quoted SQL: a string or a list) and a
 * node's options. A fixed, standard dialect (like Spark's defaults) with
 * strict parsing: DuckDB's sniffer would otherwise read a malformed file as
 * something else (e.g. one column) instead of failing. Spark option names
 * are accepted. A declared schema fixes everything the sniffer would detect:
 * without it, a bad row among the first lines is reported as an undetectable
 * dialect instead of the row's own error.
 */
export function csvReadCall(path: string, options: readonly (readonly [string, string])[], schema: readonly Field[] | undefined): string {
  const named = new Map<string, string>([['header', 'true'], ['delim', ','], ['quote', '"'], ['escape', '"'], ['strict_mode', 'true']]);
  for (const [key, value] of options) {
    // Spark's inferSchema (types inferred, as here by default; 'false': every column a string) is DuckDB's all_varchar, inverted.
    if (key === 'inferSchema') named.set('all_varchar', value.toLowerCase() === 'false' ? 'true' : 'false');
    else named.set(CSV_OPTION_ALIASES[key] ?? key, value);
  }
  const args = [...named].map(([key, value]) => optionValue(key, value)).map((o) => `${o.key}=${o.value}`);
  if (schema !== undefined) args.push(`columns=${columnsStruct(schema)}`, ...(named.has('auto_detect') ? [] : ['auto_detect=false']));
  return `read_csv(${[path, ...args].join(', ')})`;
}

/**
 * A JSON read option as DuckDB names it. Spark's multiLine (each file one
 * document: an object, or an array of them) is DuckDB's format detection;
 * without it, a file holds one document per line, as in Spark.
 */
function jsonOption(key: string, value: string): { readonly key: string; readonly value: string } {
  if (key === 'multiLine') return { key: 'format', value: value.toLowerCase() === 'true' ? "'auto'" : "'newline_delimited'" };
  return optionValue(key, value);
}

/**
 * The `read_json` arguments that make DuckDB's type inference Spark's: Spark
 * infers no date or timestamp in JSON (its `inferTimestamp` is off by
 * default), so an ISO text stays a string. DuckDB would detect both; a
 * format made only of literal text never matches a value, which turns its
 * detection off. Formats the pipeline gives are left as given.
 */
function sparkJsonInference(optionKeys: readonly string[]): string[] {
  const given = new Set(optionKeys.map((key) => key.toLowerCase()));
  return [
    ...(given.has('dateformat') ? [] : ["dateformat='no date'"]),
    ...(given.has('timestampformat') ? [] : ["timestampformat='no timestamp'"]),
  ];
}

/** The SQL dialects whose raw SQL DuckDB runs as written. */
export const NATIVE_SQL_DIALECTS: readonly string[] = ['duckdb'];

/**
 * Compiles a portable plan to one DuckDB SELECT. One method per relation
 * kind (RelationVisitor makes a new IR kind a compile error here).
 */
export class RelationCompiler implements RelationVisitor<Query> {
  readonly #context: CompileContext;
  readonly #expr = new ExpressionCompiler();
  #aliases = 0;

  /**
   * A projected expression, cast to the IR's decimal type where it computes
   * a decimal: DuckDB types decimal sums DECIMAL(38, s) and products with one
   * digit less than the IR (Spark's rules), so the stored schema would
   * depend on the engine. Columns and expressions of other types are as is.
   */
  #outputs(expressions: readonly Expression[], input: RelationNode): string[] {
    // The input's scope is worked out once per node, and only if an expression computes something.
    let scope: ColumnScope | undefined;
    let typed: ExpressionCompiler | undefined;
    return expressions.map((expression) => {
      const name = outputName(expression);
      if (expression.kind === 'column' || expression.kind === 'star' || name === undefined || this.#context.schemaOf === undefined) return this.#expr.compileOutput(expression);
      scope ??= scopeOf(input, this.#context.schemaOf);
      typed ??= new ExpressionCompiler(scope.type);
      const type = expressionType(expression, scope.type);
      if (type === undefined || typeof type === 'string' || type.type !== 'decimal') return typed.compileOutput(expression);
      return `CAST(${typed.compileUnaliased(expression)} AS ${duckdbType(type)}) AS ${quoteIdentifier(name)}`;
    });
  }

  /** An expression over the input's columns, compiled knowing their types where the pipeline tells them. */
  #condition(expression: Expression, input: RelationNode): string {
    return this.#typedCompiler(input).compile(expression);
  }

  /** A compiler that knows the types of the input's columns where the pipeline tells them. */
  #typedCompiler(input: RelationNode): ExpressionCompiler {
    return this.#context.schemaOf === undefined ? this.#expr : new ExpressionCompiler(scopeOf(input, this.#context.schemaOf).type);
  }

  constructor(context: CompileContext) {
    this.#context = context;
  }

  /** The plan as the text of one DuckDB SELECT (or UNION of SELECTs). */
  compile(node: RelationNode): string {
    return querySql(visitRelation(this, node));
  }

  /** A dataset's table, in the pipeline's schema; in a streaming micro-batch, only the rowid range `bindRead` gives. */
  readonly read = (node: RelationNodeOf<'read'>): Query => {
    const table = qualifiedName(this.#context.schema, node.dataset);
    const rows = this.#context.bindRead?.(node);
    if (rows === undefined) return selectFrom(table, { fromIsTable: true });
    return selectFrom(`(SELECT * FROM ${table} WHERE rowid >= ${rows.from} AND rowid < ${rows.to})`, { fromIsTable: true });
  };

  /**
   * `read_csv`, `read_json` or `read_parquet` of the resolved path (or of the
   * micro-batch's files `bindFiles` gives). CSV is read strictly in a fixed
   * dialect, Spark option names accepted; a declared schema fixes the columns
   * (Parquet columns are cast to it).
   */
  readonly read_files = (node: RelationNodeOf<'read_files'>): Query => {
    const bound = this.#context.bindFiles?.(node);
    const path = bound === undefined
      ? quoteString(this.#context.resolvePath(node.path))
      : `[${bound.files.map(quoteString).join(', ')}]`;
    // Options belong to the node's own format; staged in-memory rows (JSON) ignore them.
    const restaged = bound?.format !== undefined && bound.format !== node.format;
    const options = restaged ? [] : Object.entries(node.options ?? {});
    switch (bound?.format ?? node.format) {
      case 'csv': {
        const call = csvReadCall(path, options, node.schema);
        return selectFrom((bound === undefined ? this.#context.sniffedCsv?.(call) : undefined) ?? call, { fromIsTable: true });
      }
      case 'json': {
        const args = options.map(([key, value]) => jsonOption(key, value)).map((o) => `${o.key}=${o.value}`);
        if (!options.some(([key]) => key === 'format' || key === 'multiLine')) args.unshift("format='newline_delimited'");
        if (node.schema !== undefined) args.push(`columns=${columnsStruct(node.schema)}`);
        else args.push(...sparkJsonInference(options.map(([key]) => key)));
        return selectFrom(`read_json(${[path, ...args].join(', ')})`, { fromIsTable: true });
      }
      case 'parquet': {
        const args = options.map(([key, value]) => optionValue(key, value)).map((o) => `${o.key}=${o.value}`);
        const from = selectFrom(`read_parquet(${[path, ...args].join(', ')})`, { fromIsTable: true });
        if (node.schema === undefined) return from;
        return { ...from, select: node.schema.map((f) => `CAST(${quoteIdentifier(f.name)} AS ${duckdbType(f.type)}) AS ${quoteIdentifier(f.name)}`) };
      }
    }
  };

  /** DuckDB's `range` table function, its column named as the IR names it (DuckDB calls it `range`). */
  readonly range = (node: RelationNodeOf<'range'>): Query =>
    selectFrom(`(SELECT range AS ${quoteIdentifier(RANGE_COLUMN)} FROM range(${node.start}, ${node.end}, ${node.step}))`, { fromIsTable: true });

  /** A WHERE condition added to the input's query (wrapped first unless it is row-level). */
  readonly filter = (node: RelationNodeOf<'filter'>): Query => {
    const input = this.#rowLevel(visitRelation(this, node.input));
    return { ...input, where: [...input.where, this.#condition(node.condition, node.input)] };
  };

  /** The input's query with the projected columns as its select list (computed decimals cast to the IR's type). */
  readonly project = (node: RelationNodeOf<'project'>): Query => {
    const input = this.#rowLevel(visitRelation(this, node.input));
    return { ...input, select: this.#outputs(node.columns, node.input) };
  };

  /** SELECT of the grouping columns and aggregates, GROUP BY the grouping expressions without their aliases. */
  readonly aggregate = (node: RelationNodeOf<'aggregate'>): Query => {
    const input = this.#rowLevel(visitRelation(this, node.input), { unordered: true });
    // Typed as the select list is, so each key compiles to the same SQL there and here (DuckDB matches them by text).
    const keys = this.#typedCompiler(node.input);
    return {
      ...input,
      select: this.#outputs([...node.groupBy, ...node.aggregates], node.input),
      groupBy: node.groupBy.map((c) => keys.compileUnaliased(c)),
    };
  };

  /** Every input column (`*`) followed by the window expressions. */
  readonly window = (node: RelationNodeOf<'window'>): Query => {
    const input = this.#rowLevel(visitRelation(this, node.input), { unordered: true });
    return { ...input, select: ['*', ...this.#outputs(node.expressions, node.input)] };
  };

  /**
   * The input's rows joined with the rows their generator makes: a lateral
   * join in the input's FROM (see generate-sql.ts), so the input's own
   * qualifiers (a join's sides) stay visible above it.
   */
  readonly generate = (node: RelationNodeOf<'generate'>): Query => {
    const input = this.#rowLevel(visitRelation(this, node.input), { unordered: true });
    const type = this.#context.schemaOf === undefined ? undefined : expressionType(node.expr, scopeOf(node.input, this.#context.schemaOf).type);
    const rows = `LATERAL (SELECT ${generateSelect(node, this.#expr.compile(node.expr), type).join(', ')}) AS ${quoteIdentifier(this.#alias())}`;
    const join = node.outer === true ? `LEFT JOIN ${rows} ON TRUE` : `CROSS JOIN ${rows}`;
    return { ...input, from: `${input.from} ${join}`, fromIsTable: false, fromIsJoin: true };
  };

  /**
   * A join of the two sides, each under its alias (a read's dataset name, or
   * a generated one), USING the named columns or ON the condition (`ON TRUE`
   * without either).
   */
  readonly join = (node: RelationNodeOf<'join'>): Query => {
    const left = this.#joinSide(node.left, node.leftAlias);
    const right = this.#joinSide(node.right, node.rightAlias);
    let condition = '';
    if (node.type !== 'cross') {
      if (node.using !== undefined && node.using.length > 0) condition = ` USING (${node.using.map(quoteIdentifier).join(', ')})`;
      else if (node.on !== undefined) condition = ` ON ${this.#expr.compile(node.on)}`;
      else condition = ' ON TRUE';
    }
    return selectFrom(`${left} ${JOIN_SQL[node.type]} ${right}${condition}`, { fromIsJoin: true });
  };

  /** The inputs combined BY NAME (columns matched by name, not position); `UNION ALL` unless `all` is false. */
  readonly union = (node: RelationNodeOf<'union'>): Query => {
    const operator = node.all === false ? ' UNION BY NAME ' : ' UNION ALL BY NAME ';
    return { kind: 'opaque', sql: node.inputs.map((input) => `(${querySql(visitRelation(this, input))})`).join(operator) };
  };

  /** An ORDER BY on the input's query, wrapping it first when it is limited or distinct. */
  readonly sort = (node: RelationNodeOf<'sort'>): Query => {
    let input = visitRelation(this, node.input);
    if (input.kind !== 'select' || input.limit !== undefined || input.offset !== undefined || input.distinct || input.distinctOn !== undefined) {
      input = this.#wrap(input);
    }
    return { ...input, orderBy: node.keys.map((k) => this.#expr.sortKey(k)) };
  };

  /** LIMIT (and OFFSET); a count or offset that is not a non-negative integer is an error. */
  readonly limit = (node: RelationNodeOf<'limit'>): Query => {
    let input = visitRelation(this, node.input);
    if (input.kind !== 'select' || input.limit !== undefined || input.offset !== undefined) input = this.#wrap(input);
    const count = nonNegativeInteger(node.count, 'limit');
    return node.offset === undefined ? { ...input, limit: count } : { ...input, limit: count, offset: nonNegativeInteger(node.offset, 'offset') };
  };

  /** SELECT DISTINCT, or DISTINCT ON the given columns (which row of each is kept is unspecified). */
  readonly deduplicate = (node: RelationNodeOf<'deduplicate'>): Query => {
    let input = visitRelation(this, node.input);
    if (node.columns !== undefined && node.columns.length > 0) {
      if (!isRowLevel(input) || input.orderBy.length > 0) input = this.#wrap(input);
      return { ...input, distinctOn: node.columns.map(quoteIdentifier) };
    }
    if (input.kind !== 'select' || input.limit !== undefined || input.offset !== undefined || input.orderBy.length > 0 || input.distinctOn !== undefined) {
      input = this.#wrap(input);
    }
    return { ...input, distinct: true };
  };

  /** Raw SQL as written, trailing semicolons removed; a dialect DuckDB does not run is `THUND_UNSUPPORTED`. */
  readonly sql = (node: RelationNodeOf<'sql'>): Query => {
    if (!NATIVE_SQL_DIALECTS.includes(node.dialect)) {
      throw new ThundError(ThundErrorCode.Unsupported, `raw SQL in dialect "${node.dialect}" cannot run on DuckDB`, { backend: 'native' });
    }
    return { kind: 'opaque', sql: node.sql.trim().replace(/;+\s*$/, '') };
  };

  /** `input` as a query a row-level node may extend, wrapping it when it is not one. */
  #rowLevel(input: Query, options: { readonly unordered?: boolean } = {}): SelectQuery {
    if (isRowLevel(input) && (options.unordered !== true || input.orderBy.length === 0)) return input;
    return this.#wrap(input);
  }

  #wrap(input: Query): SelectQuery {
    return selectFrom(this.#asFrom(input, this.#alias()));
  }

  /**
   * A join's side in its FROM: named by its alias, its dataset or a fresh
   * alias; a join without an alias stays a (parenthesized) join, so its own
   * sides' names resolve above it, as the IR's join scope says.
   */
  #joinSide(input: RelationNode, alias: string | undefined): string {
    const query = visitRelation(this, input);
    if (alias === undefined && input.kind === 'join' && isBare(query) && query.fromIsJoin) return `(${query.from})`;
    return this.#asFrom(query, alias ?? (input.kind === 'read' ? input.dataset : this.#alias()));
  }

  #asFrom(input: Query, alias: string): string {
    if (isBare(input) && input.fromIsTable) return `${input.from} AS ${quoteIdentifier(alias)}`;
    return `(${querySql(input)}) AS ${quoteIdentifier(alias)}`;
  }

  #alias(): string {
    this.#aliases += 1;
    return `_t${this.#aliases}`;
  }
}

function columnsStruct(schema: readonly Field[]): string {
  return `{${schema.map((f) => `${quoteString(f.name)}: ${quoteString(duckdbType(f.type))}`).join(', ')}}`;
}

function nonNegativeInteger(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0) throw new ThundError(ThundErrorCode.Validation, `${what} must be a non-negative integer, got ${value}`);
  return value;
}
