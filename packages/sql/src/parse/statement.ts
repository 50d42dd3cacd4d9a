import type { CdcSpec, Expression, ScdType } from '@thund/ir';
import type { SourcePosition } from '../lex/token.js';
import type { ColumnDefinition, ConstraintDefinition, CreateCdcFlow, CreateDataset, CreateInsertFlow, FromItem, Statement } from './ast.js';
import type { Cursor } from './cursor.js';
import { parseDataType } from './data-type.js';
import { parseExpression } from './expression.js';
import { parseFrom, parseQuery } from './query.js';

/** One pipeline statement; the cursor is at its first token. */
export function parseStatement(cursor: Cursor): Statement {
  const start = cursor.peek();
  if (!cursor.acceptKeyword('CREATE')) {
    throw cursor.error(`expected CREATE MATERIALIZED VIEW, CREATE STREAMING TABLE, CREATE TEMPORARY VIEW or CREATE FLOW, found ${start.kind === 'end' ? 'the end of the file' : `"${start.value}"`}`);
  }
  cursor.acceptKeyword('OR', 'REFRESH');
  if (cursor.isKeyword('OR', 'REPLACE')) throw cursor.error('CREATE OR REPLACE is not a pipeline statement: a pipeline defines each dataset once (CREATE MATERIALIZED VIEW …)');
  if (cursor.acceptKeyword('MATERIALIZED', 'VIEW')) return parseCreateDataset(cursor, 'materialized_view', start.position);
  if (cursor.acceptKeyword('STREAMING', 'TABLE')) return parseCreateDataset(cursor, 'table', start.position);
  if (cursor.acceptKeyword('TEMPORARY', 'VIEW') || cursor.acceptKeyword('TEMP', 'VIEW')) return parseCreateDataset(cursor, 'temporary_view', start.position);
  if (cursor.acceptKeyword('FLOW')) return parseCreateFlow(cursor, start.position);
  if (cursor.isKeyword('VIEW')) throw cursor.error('CREATE VIEW is not supported: use CREATE TEMPORARY VIEW (inside the pipeline) or CREATE MATERIALIZED VIEW (stored)');
  if (cursor.isKeyword('TABLE')) throw cursor.error('CREATE TABLE is not a pipeline statement: use CREATE STREAMING TABLE or CREATE MATERIALIZED VIEW');
  throw cursor.error(`CREATE ${cursor.peek().value.toUpperCase()} is not a pipeline statement: use CREATE MATERIALIZED VIEW, STREAMING TABLE, TEMPORARY VIEW or FLOW`);
}

function parseCreateDataset(cursor: Cursor, type: CreateDataset['type'], position: SourcePosition): CreateDataset {
  if (cursor.acceptKeyword('IF', 'NOT', 'EXISTS')) {
    // Accepted as SDP does: a pipeline defines each dataset once either way.
  }
  const name = qualifiedName(cursor);
  const columns: ColumnDefinition[] = [];
  const constraints: ConstraintDefinition[] = [];
  if (cursor.acceptSymbol('(')) {
    do {
      if (cursor.isKeyword('CONSTRAINT')) constraints.push(parseConstraint(cursor));
      else columns.push(parseColumn(cursor, type));
    } while (cursor.acceptSymbol(','));
    cursor.expectSymbol(')');
  }
  let comment: string | undefined;
  let partitionedBy: string[] | undefined;
  let properties: Record<string, string> | undefined;
  for (;;) {
    const token = cursor.peek();
    if (cursor.acceptKeyword('COMMENT')) comment = once(cursor, comment, 'COMMENT', token, () => cursor.string('the comment'));
    else if (cursor.acceptKeyword('PARTITIONED', 'BY')) partitionedBy = once(cursor, partitionedBy, 'PARTITIONED BY', token, () => nameList(cursor));
    else if (cursor.acceptKeyword('TBLPROPERTIES')) properties = once(cursor, properties, 'TBLPROPERTIES', token, () => propertyList(cursor));
    else if (cursor.isKeyword('USING') || cursor.isKeyword('CLUSTER') || cursor.isKeyword('LOCATION') || cursor.isKeyword('OPTIONS')) {
      throw cursor.error(`${token.value.toUpperCase()} is not supported on a pipeline dataset: the pipeline's storage decides where and how it is stored`);
    } else break;
  }
  let query: CreateDataset['query'];
  if (type === 'table' && cursor.acceptKeyword('FLOW', 'AUTO', 'CDC')) {
    // SDP's one-statement form: the streaming table and its AUTO CDC flow, named like the table.
    const flow: CreateCdcFlow = { kind: 'cdc_flow', name, target: name, ...parseCdcBody(cursor), position };
    return { kind: 'create_dataset', type, name, ...(columns.length === 0 ? {} : { columns }), constraints, ...(comment === undefined ? {} : { comment }), ...(partitionedBy === undefined ? {} : { partitionedBy }), ...(properties === undefined ? {} : { properties }), cdcFlow: flow, position };
  }
  if (cursor.acceptKeyword('AS')) query = parseQuery(cursor);
  else if (type !== 'table') throw cursor.error(`${type === 'materialized_view' ? 'a materialized view' : 'a temporary view'} needs AS SELECT …`);
  return {
    kind: 'create_dataset', type, name,
    ...(columns.length === 0 ? {} : { columns }), constraints,
    ...(comment === undefined ? {} : { comment }),
    ...(partitionedBy === undefined ? {} : { partitionedBy }),
    ...(properties === undefined ? {} : { properties }),
    ...(query === undefined ? {} : { query }),
    position,
  };
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
  const name = qualifiedName(cursor);
  const comment = cursor.acceptKeyword('COMMENT') ? cursor.string('the comment') : undefined;
  cursor.expectKeyword('AS');
  if (cursor.acceptKeyword('AUTO', 'CDC')) return parseCdcFlow(cursor, name, comment, position);
  if (!cursor.acceptKeyword('INSERT', 'INTO')) throw cursor.error('expected INSERT INTO target BY NAME SELECT … or AUTO CDC INTO … after CREATE FLOW … AS');
  const once = cursor.acceptKeyword('ONCE');
  const target = qualifiedName(cursor);
  if (!cursor.acceptKeyword('BY', 'NAME')) {
    if (cursor.isSymbol('(')) throw cursor.error('a column list after the target is not supported: write INSERT INTO target BY NAME SELECT …');
  }
  const query = parseQuery(cursor);
  return { kind: 'insert_flow', name, target, once, ...(comment === undefined ? {} : { comment }), query, position };
}

function parseCdcFlow(cursor: Cursor, name: string, comment: string | undefined, position: SourcePosition): CreateCdcFlow {
  cursor.expectKeyword('INTO');
  const target = qualifiedName(cursor);
  return { kind: 'cdc_flow', name, target, ...(comment === undefined ? {} : { comment }), ...parseCdcBody(cursor), position };
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
  let trackAt: ReturnType<Cursor['peek']> | undefined;
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
    else if (clause(['SEQUENCE', 'BY'])) sequenceBy = cursor.identifier('the sequencing column');
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

/** `name`, or `catalog.schema.name`: the pipeline's datasets are named by their last part. */
function qualifiedName(cursor: Cursor): string {
  let name = cursor.identifier('a dataset name');
  while (cursor.acceptSymbol('.')) name = cursor.identifier('a dataset name');
  return name;
}

function once<T>(cursor: Cursor, current: T | undefined, clause: string, token: ReturnType<Cursor['peek']>, read: () => T): T {
  if (current !== undefined) throw cursor.error(`${clause} is given twice`, token);
  return read();
}
