import type { CdcSpec, Expression, ScdType } from '@thund/ir';
import { type SourcePosition, type Token, isKeyword } from '../lex/token.js';
import type {
  ColumnDefinition, ConstraintDefinition, CreateCdcFlow, CreateDataset, CreateInsertFlow, FileDirective, FromItem, SetStatement, Statement,
  UseStatement,
} from './ast.js';
import { type Cursor, describe } from './cursor.js';
import { parseDataType } from './data-type.js';
import { parseExpression } from './expression.js';
import { parseFrom, parseQuery } from './query.js';

/** A dataset name as written: its last part, and the parts before it (`LIVE`, `db`, `catalog.db`). */
interface WrittenName {
  readonly name: string;
  readonly qualifier: readonly string[];
}

/** One pipeline statement, or a `USE`/`SET` for the statements after it; the cursor is at its first token. */
export function parseStatement(cursor: Cursor): Statement | FileDirective {
  const start = cursor.peek();
  if (cursor.isKeyword('SET')) return parseSet(cursor);
  if (cursor.isKeyword('USE')) return parseUse(cursor);
  if (cursor.isKeyword('APPLY', 'CHANGES')) return parseApplyChanges(cursor);
  if (!cursor.acceptKeyword('CREATE')) {
    throw cursor.error(`expected CREATE MATERIALIZED VIEW, CREATE STREAMING TABLE, CREATE TEMPORARY VIEW, CREATE FLOW, APPLY CHANGES INTO, SET or USE, found ${start.kind === 'end' ? 'the end of the file' : `"${start.value}"`}`);
  }
  // A pipeline defines each dataset once and refreshes it on every run: OR REFRESH and Lakeflow's OR REPLACE say nothing more.
  if (!cursor.acceptKeyword('OR', 'REFRESH')) cursor.acceptKeyword('OR', 'REPLACE');
  if (cursor.acceptKeyword('FLOW')) return parseCreateFlow(cursor, start.position);
  const kind = parseDatasetKind(cursor);
  return parseCreateDataset(cursor, kind.type, start.position, kind.persistedView);
}

/**
 * The kind words of a CREATE: SDP's (`MATERIALIZED VIEW`, `STREAMING
 * TABLE`, `TEMPORARY VIEW`) and Lakeflow's older spellings (`[STREAMING]
 * LIVE TABLE`, `[TEMPORARY] LIVE VIEW`, `TEMPORARY STREAMING TABLE`), each
 * as the dataset type it means.
 */
function parseDatasetKind(cursor: Cursor): { type: CreateDataset['type']; persistedView?: boolean } {
  const first = cursor.peek();
  const temporary = cursor.acceptKeyword('TEMPORARY') || cursor.acceptKeyword('TEMP');
  const streaming = cursor.acceptKeyword('STREAMING');
  const live = cursor.acceptKeyword('LIVE');
  const at = cursor.peek();
  if (cursor.acceptKeyword('MATERIALIZED', 'VIEW')) {
    if (streaming || live) throw cursor.error(`${streaming ? 'STREAMING' : 'LIVE'} MATERIALIZED VIEW is not a pipeline statement: write CREATE MATERIALIZED VIEW`, first);
    return { type: 'materialized_view' };
  }
  if (cursor.acceptKeyword('TABLE')) {
    // TEMPORARY only keeps Lakeflow from publishing the table; Þund stores it like any other.
    if (streaming) return { type: 'table' };
    // Lakeflow's LIVE TABLE is a materialized view.
    if (live) return { type: 'materialized_view' };
    throw cursor.error('CREATE TABLE is not a pipeline statement (SDP refuses it: "Unsupported plan"): use CREATE MATERIALIZED VIEW … AS SELECT (recomputed on every run) or CREATE STREAMING TABLE', at);
  }
  if (cursor.acceptKeyword('VIEW')) {
    if (streaming) {
      throw cursor.error('a streaming view is not supported: Þund streams only from streaming tables; make it CREATE STREAMING TABLE (read with STREAM(…) downstream), or CREATE TEMPORARY VIEW reading its source whole', first);
    }
    if (temporary || live) return { type: 'temporary_view' };
    return { type: 'materialized_view', persistedView: true };
  }
  const found = cursor.peek();
  if (temporary || streaming || live) throw cursor.error(`expected TABLE or VIEW, found ${describe(found)}`);
  throw cursor.error(`CREATE ${found.value.toUpperCase()} is not a pipeline statement: use CREATE MATERIALIZED VIEW, STREAMING TABLE, TEMPORARY VIEW or FLOW`);
}

function parseCreateDataset(cursor: Cursor, type: CreateDataset['type'], position: SourcePosition, persistedView = false): CreateDataset {
  if (cursor.acceptKeyword('IF', 'NOT', 'EXISTS')) {
    // Accepted as SDP does: a pipeline defines each dataset once either way.
  }
  const { name, qualifier } = writtenName(cursor);
  const columns: ColumnDefinition[] = [];
  const constraints: ConstraintDefinition[] = [];
  if (cursor.acceptSymbol('(')) {
    do {
      if (isKeyConstraint(cursor)) skipKeyConstraint(cursor);
      else if (cursor.isKeyword('CONSTRAINT')) constraints.push(parseConstraint(cursor));
      else columns.push(parseColumn(cursor, type));
    } while (cursor.acceptSymbol(','));
    cursor.expectSymbol(')');
  }
  let comment: string | undefined;
  let partitionedBy: string[] | undefined;
  let properties: Record<string, string> | undefined;
  let clustered: Token | undefined;
  for (;;) {
    const token = cursor.peek();
    if (cursor.acceptKeyword('COMMENT')) comment = once(cursor, comment, 'COMMENT', token, () => cursor.string('the comment'));
    else if (cursor.acceptKeyword('PARTITIONED', 'BY')) partitionedBy = once(cursor, partitionedBy, 'PARTITIONED BY', token, () => nameList(cursor));
    else if (cursor.acceptKeyword('TBLPROPERTIES')) properties = once(cursor, properties, 'TBLPROPERTIES', token, () => propertyList(cursor));
    else if (cursor.acceptKeyword('CLUSTER', 'BY')) {
      // A layout hint (liquid clustering) that changes no row: read and set aside.
      clustered = once(cursor, clustered, 'CLUSTER BY', token, () => token);
      if (!cursor.acceptKeyword('AUTO') && !cursor.acceptKeyword('NONE')) nameList(cursor);
    } else if (cursor.isKeyword('USING') || cursor.isKeyword('LOCATION') || cursor.isKeyword('OPTIONS')) {
      throw cursor.error(`${token.value.toUpperCase()} is not supported on a pipeline dataset: the pipeline's storage decides where and how it is stored`);
    } else break;
  }
  const shared = {
    kind: 'create_dataset' as const, type, name, qualifier,
    ...(persistedView ? { persistedView } : {}),
    ...(columns.length === 0 ? {} : { columns }), constraints,
    ...(comment === undefined ? {} : { comment }),
    ...(partitionedBy === undefined ? {} : { partitionedBy }),
    ...(properties === undefined ? {} : { properties }),
  };
  if (type === 'table' && cursor.acceptKeyword('FLOW', 'AUTO', 'CDC')) {
    // SDP's one-statement form: the streaming table and its AUTO CDC flow, named like the table.
    const flow: CreateCdcFlow = { kind: 'cdc_flow', name, target: name, targetQualifier: qualifier, ...parseCdcBody(cursor), position };
    return { ...shared, cdcFlow: flow, position };
  }
  let query: CreateDataset['query'];
  if (cursor.acceptKeyword('AS')) query = parseQuery(cursor);
  else if (type !== 'table') throw cursor.error(`${type === 'materialized_view' ? (persistedView ? 'a view' : 'a materialized view') : 'a temporary view'} needs AS SELECT …`);
  return { ...shared, ...(query === undefined ? {} : { query }), position };
}

function parseColumn(cursor: Cursor, type: CreateDataset['type']): ColumnDefinition {
  const token = cursor.peek();
  const name = cursor.identifier('a column name or CONSTRAINT');
  if (cursor.isSymbol(',') || cursor.isSymbol(')')) {
    throw cursor.error(`column ${name} of this ${type === 'table' ? 'table' : 'view'} needs a type (${name} BIGINT)`, cursor.peek());
  }
  const dataType = parseDataType(cursor);
  let nullable = true;
  let comment: string | undefined;
  for (;;) {
    if (cursor.acceptKeyword('NOT', 'NULL')) nullable = false;
    else if (cursor.acceptKeyword('COMMENT')) comment = cursor.string('the column comment');
    else if (isKeyConstraint(cursor)) skipKeyConstraint(cursor, true);
    else if (cursor.isKeyword('GENERATED') || cursor.isKeyword('DEFAULT') || cursor.isKeyword('MASK')) throw cursor.error(`${cursor.peek().value.toUpperCase()} columns are not supported`);
    else break;
  }
  return { name, type: dataType, nullable, ...(comment === undefined ? {} : { comment }), position: token.position };
}

function parseConstraint(cursor: Cursor): ConstraintDefinition {
  const token = cursor.next();
  const name = cursor.identifier('the expectation name');
  if (!cursor.acceptKeyword('EXPECT')) throw cursor.error('only expectations are supported as constraints: CONSTRAINT name EXPECT (condition) [ON VIOLATION DROP ROW | FAIL UPDATE]');
  cursor.expectSymbol('(');
  const condition = parseExpression(cursor);
  cursor.expectSymbol(')');
  let action: ConstraintDefinition['action'] = 'warn';
  if (cursor.acceptKeyword('ON', 'VIOLATION')) {
    if (cursor.acceptKeyword('DROP', 'ROW')) action = 'drop';
    else if (cursor.acceptKeyword('FAIL', 'UPDATE')) action = 'fail';
    else throw cursor.error('expected DROP ROW or FAIL UPDATE after ON VIOLATION');
  }
  return { name, condition, action, position: token.position };
}

function parseCreateFlow(cursor: Cursor, position: SourcePosition): CreateInsertFlow | CreateCdcFlow {
  const at = cursor.peek();
  const written = writtenName(cursor);
  if (written.qualifier.length > 0) {
    const full = [...written.qualifier, written.name].join('.');
    throw cursor.error(`flow name ${full} has more than one part, which SDP refuses (MULTIPART_FLOW_NAME_NOT_SUPPORTED: Flow with multipart name '${full}' is not supported): name the flow with one name, CREATE FLOW ${written.name} AS …`, at);
  }
  const name = written.name;
  const comment = cursor.acceptKeyword('COMMENT') ? cursor.string('the comment') : undefined;
  cursor.expectKeyword('AS');
  if (cursor.acceptKeyword('AUTO', 'CDC')) return parseCdcFlow(cursor, name, comment, position);
  if (cursor.isKeyword('INSERT', 'OVERWRITE')) throw cursor.error('INSERT OVERWRITE flows are not supported (SDP refuses them too): a flow appends; write INSERT INTO target BY NAME SELECT …');
  if (!cursor.acceptKeyword('INSERT', 'INTO')) throw cursor.error('expected INSERT INTO target BY NAME SELECT … or AUTO CDC INTO … after CREATE FLOW … AS');
  const once = cursor.acceptKeyword('ONCE');
  const target = writtenName(cursor);
  if (!cursor.acceptKeyword('BY', 'NAME')) {
    if (cursor.isSymbol('(')) throw cursor.error('a column list after the target is not supported (SDP: "Column schema may not be specified for flow target."): write INSERT INTO target BY NAME SELECT …');
    throw cursor.error('INSERT INTO a flow\'s target needs BY NAME, which SDP requires ("Only INSERT INTO by name flows supported."): write INSERT INTO target BY NAME SELECT …, whose columns are matched to the target\'s by name');
  }
  const query = parseQuery(cursor);
  return { kind: 'insert_flow', name, target: target.name, targetQualifier: target.qualifier, once, ...(comment === undefined ? {} : { comment }), query, position };
}

function parseCdcFlow(cursor: Cursor, name: string, comment: string | undefined, position: SourcePosition): CreateCdcFlow {
  cursor.expectKeyword('INTO');
  const target = writtenName(cursor);
  return { kind: 'cdc_flow', name, target: target.name, targetQualifier: target.qualifier, ...(comment === undefined ? {} : { comment }), ...parseCdcBody(cursor), position };
}

/**
 * Lakeflow's `APPLY CHANGES INTO target FROM source KEYS (…) …`: the same
 * statement as `CREATE FLOW target AS AUTO CDC INTO target …` (AUTO CDC is
 * its new name), a flow named like its target.
 */
function parseApplyChanges(cursor: Cursor): CreateCdcFlow {
  const start = cursor.peek();
  cursor.expectKeyword('APPLY', 'CHANGES', 'INTO');
  const target = writtenName(cursor);
  return { kind: 'cdc_flow', name: target.name, target: target.name, targetQualifier: target.qualifier, applyChanges: true, ...parseCdcBody(cursor), position: start.position };
}

/** Informational key constraints (Unity Catalog's PRIMARY KEY and FOREIGN KEY), which no engine enforces. */
function isKeyConstraint(cursor: Cursor): boolean {
  if (cursor.isKeyword('PRIMARY', 'KEY') || cursor.isKeyword('FOREIGN', 'KEY')) return true;
  if (!cursor.isKeyword('CONSTRAINT') || !cursor.isIdentifier(1)) return false;
  return (isKeyword(cursor.peek(2), 'PRIMARY') || isKeyword(cursor.peek(2), 'FOREIGN')) && isKeyword(cursor.peek(3), 'KEY');
}

/** Words that may follow a key constraint: Unity Catalog's options, none of which changes a row. */
const KEY_OPTIONS: ReadonlySet<string> = new Set([
  'NOT', 'ENFORCED', 'DEFERRABLE', 'INITIALLY', 'DEFERRED', 'IMMEDIATE', 'RELY', 'NORELY', 'MATCH', 'FULL', 'ON', 'UPDATE', 'DELETE', 'NO', 'ACTION',
  'ENABLE', 'DISABLE', 'VALIDATE', 'NOVALIDATE',
]);

/**
 * Reads and sets aside `[CONSTRAINT name] PRIMARY KEY (cols) | FOREIGN KEY
 * (cols) REFERENCES table [(cols)]` with its options; on a column
 * (`inColumn`), the column list is left out. Key constraints are
 * informational in Unity Catalog (never enforced, no row changes), and a
 * Þund pipeline has no catalog to record them in.
 */
function skipKeyConstraint(cursor: Cursor, inColumn = false): void {
  if (cursor.acceptKeyword('CONSTRAINT')) cursor.identifier('the constraint name');
  const foreign = cursor.acceptKeyword('FOREIGN', 'KEY');
  if (!foreign) cursor.expectKeyword('PRIMARY', 'KEY');
  if (!inColumn || cursor.isSymbol('(')) keyColumnList(cursor);
  if (foreign || cursor.isKeyword('REFERENCES')) {
    cursor.expectKeyword('REFERENCES');
    writtenName(cursor);
    if (cursor.isSymbol('(')) keyColumnList(cursor);
  }
  while (cursor.peek().kind === 'word' && KEY_OPTIONS.has(cursor.peek().value.toUpperCase())) cursor.next();
}

/** `(a, b TIMESERIES)`: a key's columns. */
function keyColumnList(cursor: Cursor): void {
  cursor.expectSymbol('(');
  do {
    cursor.identifier('a column');
    cursor.acceptKeyword('TIMESERIES');
  } while (cursor.acceptSymbol(','));
  cursor.expectSymbol(')');
}

/**
 * `SET key = value`, `SET key`, `SET`: SDP applies a setting to the flows
 * after it in its file. A key alone (which a notebook answers with its
 * value) changes nothing; a Spark setting or a Lakeflow pipeline setting
 * is refused, saying why; any other key is a setting no Þund plan reads.
 * `SET CATALOG c` is `USE CATALOG c`.
 */
function parseSet(cursor: Cursor): SetStatement | UseStatement {
  const start = cursor.next();
  if (cursor.isKeyword('CATALOG')) return parseUseName(cursor, start, 'catalog');
  if (cursor.isKeyword('TIME', 'ZONE')) {
    throw cursor.error('SET TIME ZONE changes the Spark session time zone of the flows after it, on Spark only: Þund runs every flow in UTC on both engines; remove it (or set spark.sql.session.timeZone under configuration: in the spec, Spark only)', start);
  }
  if (cursor.isKeyword('VAR') || cursor.isKeyword('VARIABLE')) {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the SQL's own ${name}, not a template
    throw cursor.error('SQL session variables are not supported: use the spec\'s configuration and ${name}', start);
  }
  const keyTokens: Token[] = [];
  while (!cursor.atEnd() && !cursor.isSymbol(';') && !cursor.isSymbol('=')) keyTokens.push(cursor.next());
  const key = keyTokens.map((t) => t.value).join('');
  if (!cursor.acceptSymbol('=')) return { kind: 'set', position: start.position };
  while (!cursor.atEnd() && !cursor.isSymbol(';')) cursor.next();
  if (/^spark\./i.test(key)) {
    throw cursor.error(`SET ${key}: a Spark setting changes how Spark runs the flows after it in this file, and means nothing to native: Þund runs every flow of a pipeline with one configuration on both engines; remove it, or put it under configuration: in the spec (then it applies to every flow, on Spark)`, start);
  }
  if (/^pipelines\.trigger\.interval$/i.test(key)) {
    throw cursor.error(`SET ${key}: Þund runs each flow to the end of the input it has on every run (SDP's triggered mode), never on an interval: remove it and schedule thund run instead`, start);
  }
  if (/^pipelines\./i.test(key)) throw cursor.error(`SET ${key} is a Lakeflow pipeline setting, which Þund does not have: remove it`, start);
  return { kind: 'set', position: start.position };
}

/** `USE [CATALOG | SCHEMA | DATABASE | NAMESPACE] name`. */
function parseUse(cursor: Cursor): UseStatement {
  const start = cursor.next();
  if (cursor.isKeyword('CATALOG')) return parseUseName(cursor, start, 'catalog');
  if (!cursor.acceptKeyword('SCHEMA') && !cursor.acceptKeyword('DATABASE')) cursor.acceptKeyword('NAMESPACE');
  return parseUseName(cursor, start, 'database');
}

function parseUseName(cursor: Cursor, start: Token, what: 'catalog' | 'database'): UseStatement {
  if (what === 'catalog') cursor.next();
  const at = cursor.peek();
  if (isKeyword(at, 'IDENTIFIER') && cursor.isSymbol('(', 1)) throw cursor.error('IDENTIFIER(…) names are not supported here: write the name', at);
  const parts = [cursor.peek().kind === 'string' ? cursor.string() : cursor.identifier(`the ${what} name`)];
  while (cursor.acceptSymbol('.')) parts.push(cursor.identifier(`the ${what} name`));
  if (what === 'catalog' && parts.length > 1) throw cursor.error('USE CATALOG takes one name', at);
  if (parts.length > 2) throw cursor.error(`a schema name has at most two parts (catalog.schema), not ${parts.length}`, at);
  if (what === 'catalog') return { kind: 'use', catalog: parts[0] as string, position: start.position };
  if (parts.length === 2) return { kind: 'use', catalog: parts[0] as string, database: parts[1] as string, position: start.position };
  return { kind: 'use', database: parts[0] as string, position: start.position };
}

/** `FROM source KEYS (…) [clauses…]`, the clauses in any order, each at most once (as Spark reads them). */
function parseCdcBody(cursor: Cursor): Pick<CreateCdcFlow, 'source' | 'cdc'> {
  cursor.expectKeyword('FROM');
  const source: FromItem = parseFrom(cursor);
  cursor.expectKeyword('KEYS');
  const keys = nameList(cursor);
  let deleteWhen: Expression | undefined;
  let truncateWhen: Expression | undefined;
  let sequenceBy: string | undefined;
  let columns: { columns?: string[]; exceptColumns?: string[] } = {};
  let ignoreNullUpdates = false;
  let scdType: ScdType = 1;
  let track: { trackHistory?: string[]; trackHistoryExcept?: string[] } = {};
  let trackAt: Token | undefined;
  const seen = new Set<string>();
  // Each clause once (Spark: DUPLICATE_CLAUSES), in any order.
  const clause = (words: string[]): boolean => {
    const token = cursor.peek();
    if (!cursor.acceptKeyword(...words)) return false;
    const name = words.join(' ');
    if (seen.has(name)) throw cursor.error(`${name} is given twice`, token);
    seen.add(name);
    return true;
  };
  for (;;) {
    if (clause(['APPLY', 'AS', 'DELETE', 'WHEN'])) deleteWhen = parseExpression(cursor);
    else if (clause(['APPLY', 'AS', 'TRUNCATE', 'WHEN'])) truncateWhen = parseExpression(cursor);
    else if (clause(['SEQUENCE', 'BY'])) {
      const at = cursor.peek();
      sequenceBy = cursor.identifier('the sequencing column');
      if (cursor.isSymbol('(') || cursor.isSymbol('.') || cursor.isSymbol('::')) {
        throw cursor.error('SEQUENCE BY takes a column here: compute the sequence in the source (a temporary view selecting … AS seq) and write SEQUENCE BY seq', at);
      }
    }
    else if (clause(['COLUMNS'])) {
      const list = starList(cursor);
      columns = list.except ? { exceptColumns: list.names } : { columns: list.names };
    } else if (clause(['IGNORE', 'NULL', 'UPDATES'])) ignoreNullUpdates = true;
    else if (clause(['STORED', 'AS', 'SCD', 'TYPE'])) {
      const token = cursor.next();
      if (token.value !== '1' && token.value !== '2') throw cursor.error('SCD TYPE must be 1 or 2', token);
      scdType = Number(token.value) as ScdType;
    } else if (cursor.isKeyword('TRACK', 'HISTORY', 'ON')) {
      trackAt = cursor.peek();
      clause(['TRACK', 'HISTORY', 'ON']);
      const list = starList(cursor);
      track = list.except ? { trackHistoryExcept: list.names } : { trackHistory: list.names };
    } else break;
  }
  if (trackAt !== undefined && scdType !== 2) throw cursor.error('TRACK HISTORY needs STORED AS SCD TYPE 2 (SCD type 1 keeps no history)', trackAt);
  if (sequenceBy === undefined) throw cursor.error('AUTO CDC needs SEQUENCE BY column');
  const cdc: CdcSpec = {
    keys, sequenceBy, scdType,
    ...(deleteWhen === undefined ? {} : { deleteWhen }),
    ...(truncateWhen === undefined ? {} : { applyAsTruncates: truncateWhen }),
    ...columns, ...track,
    ...(ignoreNullUpdates ? { ignoreNullUpdates } : {}),
  };
  return { source, cdc };
}

/** `* EXCEPT (a, b)` or `(a, b)` / `a, b`. */
function starList(cursor: Cursor): { except: boolean; names: string[] } {
  if (cursor.acceptSymbol('*')) {
    if (!cursor.acceptKeyword('EXCEPT')) return { except: true, names: [] };
    return { except: true, names: nameList(cursor) };
  }
  if (cursor.isSymbol('(')) return { except: false, names: nameList(cursor) };
  const names = [cursor.identifier('a column')];
  while (cursor.acceptSymbol(',')) names.push(cursor.identifier('a column'));
  return { except: false, names };
}

function nameList(cursor: Cursor): string[] {
  cursor.expectSymbol('(');
  const names = [cursor.identifier('a column')];
  while (cursor.acceptSymbol(',')) names.push(cursor.identifier('a column'));
  cursor.expectSymbol(')');
  return names;
}

function propertyList(cursor: Cursor): Record<string, string> {
  cursor.expectSymbol('(');
  const properties: Record<string, string> = {};
  do {
    const keyToken = cursor.next();
    let key = keyToken.value;
    while (keyToken.kind === 'word' && cursor.acceptSymbol('.')) key += `.${cursor.identifier('a property name')}`;
    cursor.acceptSymbol('=');
    const value = cursor.next();
    if (value.kind !== 'string' && value.kind !== 'number' && value.kind !== 'word') throw cursor.error('expected a property value', value);
    properties[key] = value.value;
  } while (cursor.acceptSymbol(','));
  cursor.expectSymbol(')');
  return properties;
}

/** `name`, `db.name`, `catalog.db.name` or `LIVE.name`, as written (names are resolved when the pipeline is lowered). */
function writtenName(cursor: Cursor): WrittenName {
  const parts = [cursor.identifier('a dataset name')];
  while (cursor.acceptSymbol('.')) parts.push(cursor.identifier('a dataset name'));
  return { name: parts[parts.length - 1] as string, qualifier: parts.slice(0, -1) };
}

function once<T>(cursor: Cursor, current: T | undefined, clause: string, token: Token, read: () => T): T {
  if (current !== undefined) throw cursor.error(`${clause} is given twice`, token);
  return read();
}
