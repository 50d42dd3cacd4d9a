import type { CdcSpec, DataType, Expression, Field, FileFormat, Generator, JoinType, SortKey } from '@thund/ir';
import type { SourcePosition } from '../lex/token.js';

/**
 * The syntax tree of a SQL pipeline file. Expressions are already the
 * portable plan's own (`@thund/ir` expressions); what needs the whole
 * query to lower (scopes, aggregation, windows) stays syntax here.
 */

/** A table in FROM: a dataset, a file, a subquery or a join; or the rows a LATERAL VIEW makes of them. */
export type FromItem = TableRef | FileRef | SubqueryRef | JoinRef | LateralViewRef | RangeRef | ValuesRef;

/** `from LATERAL VIEW [OUTER] generator(expr) alias [AS] names…`: the rows of `input`, each joined with what its generator makes. */
export interface LateralViewRef {
  readonly kind: 'lateral_view';
  readonly input: FromItem;
  readonly generator: Generator;
  readonly outer: boolean;
  readonly expr: Expression;
  /** The view's table alias (its columns may be qualified by it). */
  readonly alias?: string;
  /** The generated columns' names; absent for Spark's defaults. */
  readonly names?: readonly string[];
  readonly position: SourcePosition;
}

export interface TableRef {
  readonly kind: 'table';
  /** The dataset name (the last part of a qualified name). */
  readonly name: string;
  /** The parts before the name (`LIVE`, `db`, `catalog.db`), as written; empty for a bare name. */
  readonly qualifier: readonly string[];
  /** Read with `STREAM(name)` / `STREAM name`. */
  readonly stream: boolean;
  readonly alias?: string;
  readonly watermark?: WatermarkClause;
  readonly position: SourcePosition;
}

/** `parquet.\`path\``, `json.\`path\``, `csv.\`path\``, or `read_files('path', format => '…')`. */
export interface FileRef {
  readonly kind: 'file';
  readonly format: FileFormat;
  readonly path: string;
  readonly options: Readonly<Record<string, string>>;
  /** `schema => 'a BIGINT, b STRING'`. */
  readonly schema?: readonly Field[];
  /** `maxFilesPerTrigger => n`: the most new files one micro-batch of a stream takes. */
  readonly maxFilesPerTrigger?: number;
  readonly stream: boolean;
  readonly alias?: string;
  readonly watermark?: WatermarkClause;
  readonly position: SourcePosition;
}

/** `range([start,] end [, step [, partitions]])`: rows of one BIGINT column `id`, made from nothing. */
export interface RangeRef {
  readonly kind: 'range';
  readonly start: number;
  readonly end: number;
  readonly step: number;
  readonly alias?: string;
  readonly position: SourcePosition;
}

/** `VALUES (a, b), (c, d) [AS] name(col, …)`: rows written out, one expression per column. */
export interface ValuesRef {
  readonly kind: 'values';
  /** One or more rows, each of the same number of expressions. */
  readonly rows: readonly ValuesRow[];
  /** The columns' names; absent for Spark's `col1`, `col2`, …. */
  readonly columns?: readonly string[];
  readonly alias?: string;
  readonly position: SourcePosition;
}

/** One row of a VALUES list. */
export interface ValuesRow {
  readonly values: readonly Expression[];
  readonly position: SourcePosition;
}

export interface SubqueryRef {
  readonly kind: 'subquery';
  readonly query: QueryExpr;
  readonly alias?: string;
  readonly position: SourcePosition;
}

export interface JoinRef {
  readonly kind: 'join';
  readonly type: JoinType;
  readonly left: FromItem;
  readonly right: FromItem;
  readonly on?: Expression;
  readonly using?: readonly string[];
  readonly position: SourcePosition;
}

/** `WATERMARK column DELAY OF INTERVAL n unit`: milliseconds of delay. */
export interface WatermarkClause {
  readonly column: string;
  readonly delayMs: number;
  readonly position: SourcePosition;
}

export interface SelectItem {
  readonly expr: Expression;
  readonly position: SourcePosition;
}

/** One `SELECT … FROM … WHERE … GROUP BY … HAVING …`. */
export interface SelectCore {
  readonly kind: 'select';
  readonly distinct: boolean;
  readonly items: readonly SelectItem[];
  readonly from?: FromItem;
  readonly where?: Expression;
  readonly groupBy: readonly Expression[];
  /** `GROUP BY ALL`: every select item without an aggregate is a key. */
  readonly groupByAll?: boolean;
  /** `ROLLUP`, `CUBE`, `GROUPING SETS`: the sets of keys, each grouped by in turn (`groupBy` holds every key). */
  readonly groupingSets?: readonly (readonly Expression[])[];
  readonly having?: Expression;
  /** `QUALIFY condition`: filters the rows after the window functions. */
  readonly qualify?: Expression;
  readonly position: SourcePosition;
}

/** `a UNION [ALL] b UNION [ALL] c …`: every branch of one run of the same kind (a switch of kind nests the run before it). */
export interface SetOperation {
  readonly kind: 'union';
  readonly all: boolean;
  /** Two or more. */
  readonly branches: readonly QueryExpr[];
  readonly position: SourcePosition;
}

/**
 * A subquery inside an expression, which the expression holds as a
 * placeholder column named by `subqueryPlaceholder`: a scalar subquery
 * (its one value), `expr IN (subquery)`, or `EXISTS (subquery)` (each a
 * predicate; `NOT` around the placeholder negates it). Lowering joins
 * it to the query it appears in.
 */
export type ExpressionSubquery =
  | { readonly kind: 'scalar'; readonly query: QueryExpr; readonly position: SourcePosition }
  | { readonly kind: 'in'; readonly expr: Expression; readonly query: QueryExpr; readonly position: SourcePosition }
  | { readonly kind: 'exists'; readonly query: QueryExpr; readonly position: SourcePosition };

/** `a EXCEPT [ALL] b` (`MINUS` too) or `a INTERSECT [ALL] b`: rows of `a` without (or also in) `b`, compared NULL-safe by position. */
export interface SetDifference {
  readonly kind: 'except' | 'intersect';
  readonly all: boolean;
  readonly left: QueryExpr;
  readonly right: QueryExpr;
  readonly position: SourcePosition;
}

/** A query with its CTEs, ORDER BY and LIMIT. */
export interface QueryExpr {
  readonly kind: 'query';
  readonly with: readonly { readonly name: string; readonly query: QueryExpr; readonly position: SourcePosition }[];
  readonly body: SelectCore | SetOperation | SetDifference | QueryExpr;
  readonly orderBy: readonly SortKey[];
  readonly limit?: number;
  readonly offset?: number;
  readonly position: SourcePosition;
}

export interface ColumnDefinition {
  readonly name: string;
  readonly type: DataType;
  readonly nullable: boolean;
  readonly comment?: string;
  readonly position: SourcePosition;
}

export interface ConstraintDefinition {
  readonly name: string;
  readonly condition: Expression;
  readonly action: 'warn' | 'drop' | 'fail';
  readonly position: SourcePosition;
}

/**
 * The catalog and database unqualified names mean at a statement, as the
 * `USE` statements before it in its file set them (SDP scopes `USE` to
 * its file). `undefined` is the pipeline's own (the spec's); a database
 * of `null` was cleared by `USE CATALOG` and not set again.
 */
export interface NamePlace {
  readonly catalog?: string;
  readonly database?: string | null;
  /** Where the `USE` that set it is, for errors. */
  readonly setAt?: SourcePosition;
}

/** `CREATE MATERIALIZED VIEW | STREAMING TABLE | TEMPORARY VIEW name … [AS query]`, and their Lakeflow spellings. */
export interface CreateDataset {
  readonly kind: 'create_dataset';
  readonly type: 'materialized_view' | 'table' | 'temporary_view';
  readonly name: string;
  /** The parts written before the name (`LIVE`, `db`, `catalog.db`). */
  readonly qualifier: readonly string[];
  /** Where its unqualified names are, as `USE` left it (none: the pipeline's). */
  readonly place?: NamePlace;
  /** `CREATE VIEW`: a persisted view, read as a materialized view (see the README). */
  readonly persistedView?: boolean;
  readonly columns?: readonly ColumnDefinition[];
  readonly constraints: readonly ConstraintDefinition[];
  readonly comment?: string;
  readonly partitionedBy?: readonly string[];
  readonly properties?: Readonly<Record<string, string>>;
  readonly query?: QueryExpr;
  /** `CREATE STREAMING TABLE t FLOW AUTO CDC FROM …`: the table's own AUTO CDC flow. */
  readonly cdcFlow?: CreateCdcFlow;
  readonly position: SourcePosition;
}

/** `CREATE FLOW name [COMMENT …] AS INSERT INTO target BY NAME query`. */
export interface CreateInsertFlow {
  readonly kind: 'insert_flow';
  readonly name: string;
  readonly target: string;
  /** The parts written before the target's name. */
  readonly targetQualifier: readonly string[];
  /** Where its unqualified names are, as `USE` left it (none: the pipeline's). */
  readonly place?: NamePlace;
  readonly once: boolean;
  readonly comment?: string;
  readonly query: QueryExpr;
  readonly position: SourcePosition;
}

/** `CREATE FLOW name AS AUTO CDC INTO target FROM source KEYS (…) …`, or Lakeflow's `APPLY CHANGES INTO target …` (a flow named like its target). */
export interface CreateCdcFlow {
  readonly kind: 'cdc_flow';
  readonly name: string;
  readonly target: string;
  /** The parts written before the target's name. */
  readonly targetQualifier: readonly string[];
  /** Written `APPLY CHANGES INTO`: the flow has its target's name. */
  readonly applyChanges?: boolean;
  /** Where its unqualified names are, as `USE` left it (none: the pipeline's). */
  readonly place?: NamePlace;
  readonly comment?: string;
  readonly source: FromItem;
  readonly cdc: CdcSpec;
  readonly position: SourcePosition;
}

/** A pipeline statement. */
export type Statement = CreateDataset | CreateInsertFlow | CreateCdcFlow;

/** `USE [CATALOG | SCHEMA | DATABASE | NAMESPACE] name`: where the names of the statements after it in its file are. */
export interface UseStatement {
  readonly kind: 'use';
  /** `USE CATALOG c` sets the catalog (and clears the database); the others set the database, and `USE c.db` both. */
  readonly catalog?: string;
  readonly database?: string;
  readonly position: SourcePosition;
}

/** `SET …` that changes nothing Þund runs (a key alone shows its value; other keys are refused when parsed). */
export interface SetStatement {
  readonly kind: 'set';
  readonly position: SourcePosition;
}

/** What a file may hold besides pipeline statements: settings for the statements after it. */
export type FileDirective = UseStatement | SetStatement;

/** A parsed file: its statements, each remembering where it is. */
export interface SqlFile {
  readonly file: string;
  readonly statements: readonly Statement[];
}
