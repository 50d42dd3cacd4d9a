import type { Json } from '@duckdb/node-api';
import { type ElementRef, type Pipeline, ThundError, ThundErrorCode, UnsupportedError, type Violation, walkPlan } from '@thund/ir';
import { NATIVE_SQL_DIALECTS } from '../compile/relation-compiler.js';
import { quoteString } from '../compile/sql-text.js';
import type { NativeDatabase } from '../duckdb/native-database.js';
import { thundErrorFromDuckDB } from '../duckdb/engine-error.js';
import { quoteSql, rawSqlViolation } from './raw-sql-check.js';

interface RawSql {
  readonly flow: ElementRef;
  readonly path: readonly PropertyKey[];
  readonly sql: string;
}

/** What `json_serialize_sql` answers: the parsed statements, or why it would not. */
interface SerializedSql {
  readonly error: boolean;
  readonly error_type?: string;
  readonly error_message?: string;
  readonly statements?: readonly unknown[];
}

/**
 * The run's confirmation of `rawSqlViolations` by DuckDB's own parser,
 * before any flow starts: `json_serialize_sql` parses without binding (the
 * tables a query reads need not exist yet) and serializes only SELECT
 * statements, so a `sql` node passes when it parses to exactly one
 * statement and that statement is a query. This catches what a lexical
 * reading cannot, such as `WITH … INSERT`. `check` cannot ask DuckDB (it is
 * synchronous and DuckDB's parser is reachable only asynchronously), so it
 * reads the SQL lexically and this runs too.
 */
export async function rawSqlRefusal(database: NativeDatabase, pipeline: Pipeline, backend = 'native'): Promise<UnsupportedError | undefined> {
  const nodes = rawSqlNodes(pipeline);
  if (nodes.length === 0) return undefined;
  const violations = await database.withConnection(async (connection) => {
    const found: Violation[] = [];
    for (const node of nodes) {
      const rows = await connection.rowsJson(`SELECT json_serialize_sql(${quoteString(node.sql)}) AS parsed`).catch((reason: unknown) => {
        throw thundErrorFromDuckDB(reason, node.flow);
      });
      const violation = judge(backend, node, serialized(rows[0]?.['parsed'], node.flow));
      if (violation !== undefined) found.push(violation);
    }
    return found;
  });
  return violations.length === 0 ? undefined : new UnsupportedError({ backend, ok: false, violations });
}

function judge(backend: string, node: RawSql, answer: SerializedSql): Violation | undefined {
  if (answer.error) {
    const detail = answer.error_message ?? 'unknown reason';
    if (answer.error_type === 'parser') {
      return rawSqlViolation(backend, node.flow, node.path, 'unparsable', `does not parse (DuckDB: ${detail})`, 'fix the query');
    }
    return rawSqlViolation(
      backend, node.flow, node.path, 'not a query', `${quoteSql(node.sql)} is not a query (DuckDB parses it as a statement other than SELECT: ${detail})`,
      'write a query whose rows the flow writes to its target, and let sinks write files',
    );
  }
  const count = answer.statements?.length ?? 0;
  if (count === 1) return undefined;
  return rawSqlViolation(
    backend, node.flow, node.path, count === 0 ? 'empty' : `${count} statements`, count === 0 ? 'holds no statement' : `holds ${count} statements (as DuckDB parses it)`,
    count === 0 ? 'write the query' : 'make each query its own flow',
  );
}

function serialized(value: Json | undefined, flow: ElementRef): SerializedSql {
  if (typeof value === 'string') {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed && typeof parsed.error === 'boolean') return parsed as SerializedSql;
  }
  throw new ThundError(ThundErrorCode.Internal, `DuckDB's json_serialize_sql answered ${JSON.stringify(value)}, not the JSON object it documents, so the raw SQL could not be confirmed to be one query`, { backend: 'native', element: flow });
}

function rawSqlNodes(pipeline: Pipeline): RawSql[] {
  const nodes: RawSql[] = [];
  pipeline.flows.forEach((flow, i) => {
    walkPlan(flow.query, {
      relation(node, path) {
        if (node.kind === 'sql' && NATIVE_SQL_DIALECTS.includes(node.dialect)) {
          nodes.push({ flow: { kind: 'flow', name: flow.name }, path: ['flows', i, 'query', ...path, 'sql'], sql: node.sql });
        }
      },
    });
  });
  return nodes;
}
