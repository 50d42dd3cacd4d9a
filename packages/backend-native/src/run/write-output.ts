import { type Dataset, type ElementRef, type ExpectationResult, type Flow, type Pipeline, type RelationNode, isIncremental } from '@thund/ir';
import { duckdbType } from '../compile/duckdb-types.js';
import { targetName } from '../compile/flow-plan.js';
import { quoteIdentifier } from '../compile/sql-text.js';
import type { KeyedLock } from './concurrency.js';
import { evaluateExpectations } from './expectations.js';
import type { FlowSession } from './flow-session.js';
import { checkNotNull } from './output-schema.js';
import type { TableStaging } from './table-staging.js';
import { writeSink } from './write-sink.js';

export interface WriteRequest {
  readonly session: FlowSession;
  readonly pipeline: Pipeline;
  readonly dataset: Dataset;
  readonly flow: Flow;
  /** The flow's query, already shaped to the dataset's schema. */
  readonly query: string;
  readonly runId: string;
  readonly baseDir: string;
  readonly tableLock: KeyedLock;
  /** Batch-only tables already recomputed by an earlier flow of this run (and staging tables already created). */
  readonly recomputedTables: Set<string>;
  /** Batch tables with several writers, staged and swapped in once every writer succeeded. */
  readonly staging: TableStaging;
}

export interface WriteResult {
  readonly rowsWritten?: number;
  readonly expectations?: readonly ExpectationResult[];
}

const STAGE = quoteIdentifier('__thund_stage');

/**
 * Writes a flow's result into its dataset. With expectations, the rows are
 * counted against every predicate first and nothing reaches the dataset
 * unless every check passed; a query that is a scan (`rescannable`) is
 * counted and then written straight from its inputs (DuckDB reads only the
 * predicate columns for the counts), any other is staged once in a
 * temporary table so it is computed once. Each write is one transaction,
 * so a failed or interrupted flow leaves the previous content.
 */
export async function writeOutput(request: WriteRequest): Promise<WriteResult> {
  const { session, dataset, flow } = request;
  const element: ElementRef = { kind: 'flow', name: flow.name };
  const expectations = flow.expectations ?? [];
  let query = request.query;
  let results: ExpectationResult[] | undefined;
  if (expectations.length > 0) {
    let source = `(${request.query}) AS "_src"`;
    if (dataset.type !== 'temporary_view' && !rescannable(request.pipeline, flow.query)) {
      await session.run(`CREATE OR REPLACE TEMP TABLE ${STAGE} AS ${request.query}`);
      source = STAGE;
    }
    const evaluated = await evaluateExpectations(session, source, expectations, element);
    results = evaluated.results;
    query = evaluated.keep === undefined ? `SELECT * FROM ${source}` : `SELECT * FROM ${source} WHERE ${evaluated.keep}`;
  }
  // A column declared not nullable is checked by counting its NULLs before the write, unless the write's target
  // table was created by this run with the schema's NOT NULL constraints: then DuckDB enforces them while writing
  // (no second scan of the result), and the NULLs are counted only to word the error once the write failed.
  const checkNulls = (): Promise<void> => checkNotNull((sql) => session.counts(sql), `(${query}) AS "_chk"`, dataset, element);
  const nullable = !(dataset.schema ?? []).some((f) => f.nullable === false);
  let rowsWritten: number | undefined;
  try {
    rowsWritten = await write(request, query, nullable ? async () => undefined : checkNulls);
  } catch (reason) {
    if (!nullable && isNotNullViolation(reason)) await checkNulls();
    throw reason;
  }
  return {
    ...(rowsWritten === undefined ? {} : { rowsWritten }),
    ...(results === undefined ? {} : { expectations: results }),
  };
}

/** `checkNulls` runs before a write whose target does not enforce the declared NOT NULLs itself. */
async function write(request: WriteRequest, query: string, checkNulls: () => Promise<void>): Promise<number | undefined> {
  const { session, pipeline, dataset } = request;
  const target = targetName(pipeline, dataset);
  switch (dataset.type) {
    case 'materialized_view': {
      // With NOT NULL columns, the table is created with the schema's constraints and filled in one transaction.
      if (dataset.schema?.some((f) => f.nullable === false) === true) {
        return inTransaction(session, async () => {
          await session.run(createTable(dataset, target, query));
          return session.run(`INSERT INTO ${target} BY NAME ${query}`);
        });
      }
      // One statement, one transaction: a failure keeps the previous content. DuckDB answers CREATE TABLE AS with
      // the count of rows it wrote (a `Count` row), so the table is not scanned again to count them.
      return (await session.counts(`CREATE OR REPLACE TABLE ${target} AS ${query}`))[0];
    }
    case 'table':
      return request.tableLock.with(target, async () => {
        // A table written only by batch flows is recomputed each run (as Spark pipelines do). With one
        // writer, its write replaces the table; with several, each appends to the run's staging table,
        // which replaces the table once every writer succeeded (a failed writer keeps the old content).
        const staged = request.staging.staged(dataset);
        const into = staged ? request.staging.stageOf(dataset) : target;
        const recompute = writtenOnlyByBatch(pipeline, dataset) && !request.recomputedTables.has(into);
        // A table created earlier (another run, another schema) may lack a NOT NULL constraint declared now.
        if (!recompute && !request.recomputedTables.has(into)) await checkNulls();
        const rows = await inTransaction(session, async () => {
          await session.run(recompute ? createTable(dataset, into, query) : createTableIfMissing(dataset, into, query));
          return session.run(`INSERT INTO ${into} BY NAME ${query}`);
        });
        if (recompute) request.recomputedTables.add(into);
        if (staged && request.staging.written(dataset, request.flow)) {
          await inTransaction(session, async () => {
            for (const statement of request.staging.swapStatements(dataset)) await session.run(statement);
          });
        }
        return rows;
      });
    case 'temporary_view':
      await checkNulls();
      await session.run(`CREATE OR REPLACE VIEW ${target} AS ${query}`);
      return undefined;
    case 'sink':
      await checkNulls();
      return writeSink(request, query);
  }
}

/** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
async function inTransaction<T>(session: FlowSession, work: () => Promise<T>): Promise<T> {
  await session.run('BEGIN TRANSACTION');
  try {
    const result = await work();
    await session.run('COMMIT');
    return result;
  } catch (reason) {
    await session.rollback().catch(() => undefined);
    throw reason;
  }
}

export function createTableIfMissing(dataset: Dataset, target: string, query: string): string {
  return tableDefinition('CREATE TABLE IF NOT EXISTS', dataset, target, query);
}

function createTable(dataset: Dataset, target: string, query: string): string {
  return tableDefinition('CREATE OR REPLACE TABLE', dataset, target, query);
}

function tableDefinition(create: string, dataset: Dataset, target: string, query: string): string {
  if (dataset.schema === undefined) return `${create} ${target} AS SELECT * FROM (${query}) AS "_q" WITH NO DATA`;
  const columns = dataset.schema.map((f) => `${quoteIdentifier(f.name)} ${duckdbType(f.type)}${f.nullable === false ? ' NOT NULL' : ''}`);
  return `${create} ${target} (${columns.join(', ')})`;
}

/** DuckDB's error for a NULL written into a NOT NULL column (`Constraint Error: NOT NULL constraint failed: t.c`). */
function isNotNullViolation(reason: unknown): boolean {
  return reason instanceof Error && reason.message.includes('NOT NULL constraint failed');
}

function writtenOnlyByBatch(pipeline: Pipeline, dataset: Dataset): boolean {
  return pipeline.flows.every((f) => f.target !== dataset.name || !isIncremental(f.kind));
}

/**
 * A query cheap and deterministic to evaluate twice: reads of files and of
 * stored datasets, filters, projections and unions of them (the catalog has
 * no nondeterministic function). Joins, aggregations, windows, sorts, raw
 * SQL and temporary views (whose definitions may be any of those) are not.
 */
function rescannable(pipeline: Pipeline, node: RelationNode): boolean {
  switch (node.kind) {
    case 'read_files':
      return true;
    case 'read':
      return pipeline.datasets.find((d) => d.name === node.dataset)?.type !== 'temporary_view';
    case 'filter':
    case 'project':
      return rescannable(pipeline, node.input);
    case 'union':
      return node.inputs.every((input) => rescannable(pipeline, input));
    default:
      return false;
  }
}
