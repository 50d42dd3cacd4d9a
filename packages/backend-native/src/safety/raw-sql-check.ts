import { type ElementRef, type Pipeline, type Violation, jsonPath, walkPlan } from '@thund/ir';
import { NATIVE_SQL_DIALECTS } from '../compile/relation-compiler.js';
import { sqlStatements } from './sql-statements.js';

/** Keywords a query may start with; anything else is refused. */
const QUERY_KEYWORDS: ReadonlySet<string> = new Set(['SELECT', 'WITH', 'FROM', 'VALUES', 'TABLE', '(']);

const QUERY_FORMS = 'SELECT, WITH … SELECT, FROM …, VALUES or TABLE';

/** How to do what a refused statement tried, the pipeline's way. */
const INSTEAD: Readonly<Record<string, string>> = {
  COPY: 'write files with a sink dataset (and read them with read_files), not COPY',
  EXPORT: 'write files with a sink dataset, not EXPORT DATABASE',
  IMPORT: 'read files with read_files, not IMPORT DATABASE',
  ATTACH: 'read other data with read_files or from datasets of the pipeline; a pipeline may not ATTACH databases',
  DETACH: 'a pipeline may not change which databases are attached',
  USE: 'set the pipeline\'s database instead of USE',
  INSTALL: 'extensions are the host program\'s choice: install and load them there, not in a pipeline',
  LOAD: 'extensions are the host program\'s choice: install and load them there, not in a pipeline',
  SET: 'configure DuckDB in NativeBackendConfig.duckdb, not in a pipeline',
  RESET: 'configure DuckDB in NativeBackendConfig.duckdb, not in a pipeline',
  PRAGMA: 'configure DuckDB in NativeBackendConfig.duckdb, not in a pipeline',
  CALL: 'select from a table function instead (SELECT * FROM f(…))',
  CREATE: 'declare a dataset and a flow whose query is the SELECT: the backend creates and writes it',
  INSERT: 'declare a flow whose query is the SELECT: the backend writes its rows into the target dataset',
  UPDATE: 'derive the changed rows with a query (or a cdc flow); a pipeline does not modify tables in place',
  DELETE: 'filter the rows out with a query (or a cdc flow); a pipeline does not modify tables in place',
  MERGE: 'apply changes with a cdc flow',
  DROP: 'remove the dataset from the pipeline instead',
  ALTER: 'change the dataset\'s declared schema instead',
  PIVOT: 'pivot inside a query: SELECT * FROM t PIVOT (sum(v) FOR k IN (…))',
  UNPIVOT: 'unpivot inside a query: SELECT * FROM t UNPIVOT (v FOR k IN (…))',
  DESCRIBE: 'wrap it in a query: SELECT * FROM (DESCRIBE t)',
  SUMMARIZE: 'wrap it in a query: SELECT * FROM (SUMMARIZE t)',
  SHOW: 'select from duckdb_tables() or duckdb_columns() instead',
  EXPLAIN: 'see the lowered SQL with `thund plan` (NativeBackend.plan) instead',
};

/** One refused `sql` node of `flow`; `path` leads to its `sql` text. */
export function rawSqlViolation(backend: string, flow: ElementRef, path: readonly PropertyKey[], value: string, problem: string, fix: string): Violation {
  return {
    backend,
    element: flow,
    feature: 'raw_sql',
    value,
    path: jsonPath(path),
    message: `backend "${backend}": the raw SQL of flow "${flow.name}" ${problem}; a sql plan node must be exactly one query (${QUERY_FORMS}), because the native backend runs it inside the statement that writes the flow's target and anything more would run too: ${fix}`,
  };
}

/** A short quote of a statement for messages. */
export function quoteSql(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > 60 ? `${flat.slice(0, 57)}...` : flat);
}

/**
 * Every `sql` plan node of a dialect DuckDB runs (`duckdb`) that is not
 * exactly one query, read lexically (`sqlStatements`): more than one
 * statement, none, a statement that is not a query (COPY, ATTACH, INSTALL,
 * LOAD, PRAGMA, SET, CREATE, INSERT, …), or text that cannot be split
 * safely (an unterminated string or comment, unbalanced parentheses).
 * Refused whether or not the sandbox is on. The run confirms each
 * accepted node with DuckDB's own parser (`rawSqlRefusal`).
 */
export function rawSqlViolations(pipeline: Pipeline, backend: string): Violation[] {
  const violations: Violation[] = [];
  pipeline.flows.forEach((flow, i) => {
    const element: ElementRef = { kind: 'flow', name: flow.name };
    walkPlan(flow.query, {
      relation(node, path) {
        if (node.kind !== 'sql' || !NATIVE_SQL_DIALECTS.includes(node.dialect)) return;
        const at = ['flows', i, 'query', ...path, 'sql'];
        const shape = sqlStatements(node.sql);
        if (!shape.ok) {
          violations.push(rawSqlViolation(backend, element, at, 'unreadable', `cannot be split into statements safely: ${shape.problem}`, 'close every string, quoted identifier, comment and parenthesis'));
          return;
        }
        const { statements } = shape;
        if (statements.length === 0) {
          violations.push(rawSqlViolation(backend, element, at, 'empty', 'is empty', 'write the query'));
          return;
        }
        if (statements.length > 1) {
          const list = statements.map((s) => quoteSql(s.text)).join(', ');
          violations.push(rawSqlViolation(
            backend, element, at, `${statements.length} statements`, `holds ${statements.length} statements (${list})`,
            'make each query its own flow, and move setup (SET, ATTACH, INSTALL, LOAD) out of the pipeline into NativeBackendConfig.duckdb or the host program',
          ));
          return;
        }
        const statement = statements[0];
        if (statement !== undefined && !QUERY_KEYWORDS.has(statement.keyword)) {
          violations.push(rawSqlViolation(
            backend, element, at, statement.keyword, `is a ${statement.keyword} statement (${quoteSql(statement.text)}), not a query`,
            INSTEAD[statement.keyword] ?? 'write a query whose rows the flow writes to its target',
          ));
        }
      },
    });
  });
  return violations;
}
