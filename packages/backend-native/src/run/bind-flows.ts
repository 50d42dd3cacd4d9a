import { CDC_END_AT, CDC_START_AT, type Flow, type Pipeline, type ThundError, cdcStoredColumns, flowStages, planFacts } from '@thund/ir';
import { compileContext, compileFlowQuery } from '../compile/flow-plan.js';
import { qualifiedName, quoteIdentifier } from '../compile/sql-text.js';
import { thundErrorFromDuckDB } from '../duckdb/engine-error.js';
import type { NativeConnection } from '../duckdb/native-connection.js';
import { shapeOutput } from './output-schema.js';

/** A flow DuckDB could not bind, and why. */
export interface BindFailure {
  readonly flow: string;
  readonly error: ThundError;
}

/**
 * Binds every flow's query with DuckDB in dependency order and writes
 * nothing: each dataset becomes a view (of the columns the flow writes) in
 * a scratch schema, inside a transaction that is rolled back. DuckDB reads
 * what binding needs — the schemas of files read without a declared one —
 * and refuses unknown columns, tables and functions and mistyped calls as
 * a run would, and a flow whose columns do not fit its target's declared
 * schema (the declared-schema rule, as a run applies it). A flow downstream of one that failed is not bound (its
 * input does not exist); the failures are returned flow by flow.
 */
export async function bindFlows(connection: NativeConnection, pipeline: Pipeline, baseDir: string): Promise<BindFailure[]> {
  const scratch = `thund_bind_${process.pid}_${Date.now()}`;
  const context = { ...compileContext(pipeline, baseDir), schema: scratch };
  const failures: BindFailure[] = [];
  const failedTargets = new Set<string>();
  const bound = new Set<string>();
  const datasets = new Map(pipeline.datasets.map((d) => [d.name, d]));
  await connection.run('BEGIN TRANSACTION');
  try {
    await connection.run(`CREATE SCHEMA ${quoteIdentifier(scratch)}`);
    for (const flow of flowStages(pipeline).flat()) {
      if (planFacts(flow).reads.some((read) => failedTargets.has(read))) continue;
      try {
        const written = await writtenColumns(connection, flow, compileFlowQuery(flow, context));
        // A declared schema is held as a run holds it (shapeOutput): the columns it names, types that widen to it.
        const dataset = datasets.get(flow.target);
        const query = dataset?.schema === undefined || flow.kind === 'cdc' ? written : shapeOutput(written, await connection.describe(written), dataset, { kind: 'flow', name: flow.name });
        if (bound.has(flow.target)) await connection.describe(query);
        else await connection.run(`CREATE VIEW ${qualifiedName(scratch, flow.target)} AS ${query}`);
        bound.add(flow.target);
      } catch (reason) {
        failures.push({ flow: flow.name, error: thundErrorFromDuckDB(reason, { kind: 'flow', name: flow.name }) });
        failedTargets.add(flow.target);
      }
    }
  } finally {
    await connection.run('ROLLBACK');
  }
  return failures;
}

/** The query of the rows a flow writes: a window's bounds first; a CDC target's stored columns and SCD 2 validity columns. */
async function writtenColumns(connection: NativeConnection, flow: Flow, sql: string): Promise<string> {
  if (flow.window !== undefined) return `SELECT NULL::TIMESTAMP AS window_start, NULL::TIMESTAMP AS window_end, * FROM (${sql})`;
  if (flow.kind !== 'cdc' || flow.cdc === undefined) return sql;
  const columns = await connection.describe(sql);
  const stored = cdcStoredColumns(flow.cdc, columns.map((c) => c.name)).map(quoteIdentifier);
  const sequence = columns.find((c) => c.name === flow.cdc?.sequenceBy)?.type ?? 'BIGINT';
  const validity = flow.cdc.scdType === 2 ? [`NULL::${sequence} AS ${quoteIdentifier(CDC_START_AT)}`, `NULL::${sequence} AS ${quoteIdentifier(CDC_END_AT)}`] : [];
  return `SELECT ${[...stored, ...validity].join(', ')} FROM (${sql})`;
}
