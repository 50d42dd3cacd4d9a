import type { FileFormat, JoinType } from '@thund/ir';
import { type SourcePosition, type Token, isKeyword } from '../lex/token.js';
import { parseLateralViews } from './generator.js';
import type { FromItem, QueryExpr, ValuesRef, SelectCore, SelectItem, SetDifference, SetOperation, WatermarkClause } from './ast.js';
import type { Cursor } from './cursor.js';
import { CLAUSE_WORDS, parseExpression, parseSelectExpression, parseSortKeys } from './expression.js';
import { parseIntervalMs } from './interval.js';
import { FILE_FORMATS, parseCloudFiles, parseReadFiles } from './file-reads.js';
import { parseColumnNames, parseRange, parseValues } from './generated-rows.js';
import { parseGroupBy } from './group-by.js';

/** Formats Spark reads as `format.\`path\`` that Þund does not. */
const OTHER_FORMATS: ReadonlySet<string> = new Set(['delta', 'text', 'orc', 'avro', 'binaryfile', 'xml']);

/** `[WITH …] select [UNION [ALL] select …] [ORDER BY …] [LIMIT n [OFFSET m]]`: one nesting level (see `Cursor.nested`). */
export function parseQuery(cursor: Cursor): QueryExpr {
  return cursor.nested(() => parseQueryBody(cursor));
}

function parseQueryBody(cursor: Cursor): QueryExpr {
  const start = cursor.peek();
  const ctes: { name: string; query: QueryExpr; position: typeof start.position }[] = [];
  if (cursor.acceptKeyword('WITH')) {
    if (cursor.isKeyword('RECURSIVE')) throw cursor.error('WITH RECURSIVE is not supported');
    do {
      const token = cursor.peek();
      const name = cursor.identifier('a CTE name');
      cursor.expectKeyword('AS');
      cursor.expectSymbol('(');
      ctes.push({ name, query: parseQuery(cursor), position: token.position });
      cursor.expectSymbol(')');
    } while (cursor.acceptSymbol(','));
  }
  let body: SelectCore | SetOperation | SetDifference | QueryExpr = parseQueryTerm(cursor);
  // a UNION ALL b UNION ALL c … is one set operation, however long; a switch to UNION (or back) nests the run so far.
  let run: { all: boolean; branches: QueryExpr[]; position: SourcePosition } | undefined;
  for (;;) {
    const token = cursor.peek();
    if (cursor.acceptKeyword('UNION')) {
      const all = cursor.acceptKeyword('ALL');
      if (!all) cursor.acceptKeyword('DISTINCT');
      if (cursor.isKeyword('BY', 'NAME')) throw cursor.error('UNION BY NAME is not supported: list the columns in the same order in each branch');
      if (run?.all === all) {
        run.branches.push(asQuery(parseQueryTerm(cursor), token.position));
        continue;
      }
      if (run !== undefined) {
        cursor.link(token, 'each switch between UNION and UNION ALL of this chain');
        body = { kind: 'union', ...run };
      }
      run = { all, branches: [asQuery(body, start.position), asQuery(parseQueryTerm(cursor), token.position)], position: token.position };
    } else if (cursor.acceptKeyword('EXCEPT') || cursor.acceptKeyword('MINUS')) {
      const all = cursor.acceptKeyword('ALL');
      if (!all) cursor.acceptKeyword('DISTINCT');
      cursor.link(token, 'each EXCEPT of this chain');
      if (run !== undefined) body = { kind: 'union', ...run };
      run = undefined;
      body = { kind: 'except', all, left: asQuery(body, start.position), right: asQuery(parseQueryTerm(cursor), token.position), position: token.position };
    } else {
      break;
    }
  }
  if (run !== undefined) body = { kind: 'union', ...run };
  const orderBy = cursor.acceptKeyword('ORDER', 'BY') ? parseSortKeys(cursor) : [];
  if (cursor.isKeyword('SORT', 'BY') || cursor.isKeyword('CLUSTER', 'BY') || cursor.isKeyword('DISTRIBUTE', 'BY')) {
    throw cursor.error(`${cursor.peek().value.toUpperCase()} BY is not supported: use ORDER BY`);
  }
  let limit: number | undefined;
  let offset: number | undefined;
  if (cursor.acceptKeyword('LIMIT')) limit = wholeNumber(cursor, 'LIMIT');
  if (cursor.acceptKeyword('OFFSET')) offset = wholeNumber(cursor, 'OFFSET');
  if (offset !== undefined && limit === undefined) throw cursor.error('OFFSET needs a LIMIT here: write LIMIT n OFFSET m');
  return {
    kind: 'query', with: ctes, body, orderBy,
    ...(limit === undefined ? {} : { limit }), ...(offset === undefined ? {} : { offset }),
    position: start.position,
  };
}

function asQuery(body: QueryExpr['body'], position: QueryExpr['position']): QueryExpr {
  return body.kind === 'query' ? body : { kind: 'query', with: [], body, orderBy: [], position };
}

/** A select or parenthesized query, then `INTERSECT [ALL] …`, which binds tighter than UNION and EXCEPT. */
function parseQueryTerm(cursor: Cursor): SelectCore | QueryExpr | SetDifference {
  return cursor.scope(() => {
    let term: SelectCore | QueryExpr | SetDifference = parseQueryPrimary(cursor);
    while (cursor.isKeyword('INTERSECT')) {
      const token = cursor.next();
      const all = cursor.acceptKeyword('ALL');
      if (!all) cursor.acceptKeyword('DISTINCT');
      cursor.link(token, 'each INTERSECT of this chain');
      term = { kind: 'intersect', all, left: asQuery(term, token.position), right: asQuery(parseQueryPrimary(cursor), token.position), position: token.position };
    }
    return term;
  });
}

function parseQueryPrimary(cursor: Cursor): SelectCore | QueryExpr {
  if (cursor.isSymbol('(')) {
    cursor.next();
    const inner = parseQuery(cursor);
    cursor.expectSymbol(')');
    return inner;
  }
  if (cursor.isKeyword('FROM')) {
    // Spark's FROM-first form: FROM t SELECT … [WHERE …].
    const start = cursor.next();
    const from = parseFrom(cursor);
    if (!cursor.isKeyword('SELECT')) throw cursor.error('expected SELECT after FROM … (FROM t SELECT a, b WHERE …)');
    return parseSelect(cursor, { from, start });
  }
  return parseSelect(cursor);
}

/** `SELECT … [FROM …] …`; `first`: the FROM of the FROM-first form, read before it. */
function parseSelect(cursor: Cursor, first?: { readonly from: FromItem; readonly start: Token }): SelectCore {
  const start = first?.start ?? cursor.peek();
  cursor.expectKeyword('SELECT');
  if (cursor.isKeyword('TRANSFORM')) throw cursor.error('SELECT TRANSFORM is not supported');
  const distinct = cursor.acceptKeyword('DISTINCT');
  if (!distinct) cursor.acceptKeyword('ALL');
  const items: SelectItem[] = [];
  do {
    const token = cursor.peek();
    items.push({ expr: parseSelectExpression(cursor), position: token.position });
  } while (cursor.acceptSymbol(','));
  if (first !== undefined && cursor.isKeyword('FROM')) throw cursor.error('this query already has FROM, before SELECT');
  const tables = first?.from ?? (cursor.acceptKeyword('FROM') ? parseFrom(cursor) : undefined);
  const from = tables === undefined ? undefined : parseLateralViews(cursor, tables);
  const where = cursor.acceptKeyword('WHERE') ? parseExpression(cursor) : undefined;
  const grouping = cursor.acceptKeyword('GROUP', 'BY') ? parseGroupBy(cursor) : { groupBy: [], groupByAll: false };
  const { groupBy, groupByAll } = grouping;
  const having = cursor.acceptKeyword('HAVING') ? parseExpression(cursor) : undefined;
  if (cursor.isKeyword('WINDOW')) throw cursor.error('named windows (WINDOW w AS …) are not supported: write OVER (PARTITION BY … ORDER BY …)');
  const qualify = cursor.acceptKeyword('QUALIFY') ? parseExpression(cursor) : undefined;
  return {
    kind: 'select', distinct, items,
    ...(from === undefined ? {} : { from }), ...(where === undefined ? {} : { where }),
    groupBy, ...(groupByAll ? { groupByAll } : {}), ...(grouping.groupingSets === undefined ? {} : { groupingSets: grouping.groupingSets }),
    ...(having === undefined ? {} : { having }), ...(qualify === undefined ? {} : { qualify }),
    position: start.position,
  };
}

/** FROM items separated by commas (cross joins) and joins. */
export function parseFrom(cursor: Cursor): FromItem {
  return cursor.scope(() => {
    let left = parseJoined(cursor);
    while (cursor.isSymbol(',')) {
      const token = cursor.next();
      cursor.link(token, 'each comma-separated table of this FROM (a cross join)');
      left = { kind: 'join', type: 'cross', left, right: parseJoined(cursor), position: token.position };
    }
    return left;
  });
}

function parseJoined(cursor: Cursor): FromItem {
  return cursor.scope(() => parseJoinChain(cursor));
}

function parseJoinChain(cursor: Cursor): FromItem {
  let left = parseFromPrimary(cursor);
  for (;;) {
    const token = cursor.peek();
    if (cursor.isKeyword('NATURAL')) throw cursor.error('NATURAL JOIN is not supported: write JOIN … USING (columns)');
    const type = joinType(cursor);
    if (type === undefined) return left;
    cursor.link(token, 'each JOIN of this chain');
    const right = parseFromPrimary(cursor);
    if (type === 'cross') {
      left = { kind: 'join', type, left, right, position: token.position };
      continue;
    }
    if (cursor.acceptKeyword('ON')) {
      left = { kind: 'join', type, left, right, on: parseExpression(cursor), position: token.position };
    } else if (cursor.acceptKeyword('USING')) {
      cursor.expectSymbol('(');
      const using = [cursor.identifier('a column')];
      while (cursor.acceptSymbol(',')) using.push(cursor.identifier('a column'));
      cursor.expectSymbol(')');
      left = { kind: 'join', type, left, right, using, position: token.position };
    } else {
      throw cursor.error('expected ON … or USING (…) after the joined table');
    }
  }
}

/** Reads a join keyword sequence, if one comes next. */
function joinType(cursor: Cursor): JoinType | undefined {
  if (cursor.acceptKeyword('JOIN') || cursor.acceptKeyword('INNER', 'JOIN')) return 'inner';
  if (cursor.acceptKeyword('CROSS', 'JOIN')) return 'cross';
  for (const [words, type] of [
    [['LEFT', 'SEMI', 'JOIN'], 'semi'], [['LEFT', 'ANTI', 'JOIN'], 'anti'], [['SEMI', 'JOIN'], 'semi'], [['ANTI', 'JOIN'], 'anti'],
    [['LEFT', 'OUTER', 'JOIN'], 'left'], [['LEFT', 'JOIN'], 'left'], [['RIGHT', 'OUTER', 'JOIN'], 'right'], [['RIGHT', 'JOIN'], 'right'],
    [['FULL', 'OUTER', 'JOIN'], 'full'], [['FULL', 'JOIN'], 'full'],
  ] as const) {
    if (cursor.acceptKeyword(...words)) return type;
  }
  return undefined;
}

function parseFromPrimary(cursor: Cursor): FromItem {
  const token = cursor.peek();
  if (cursor.isSymbol('(')) {
    cursor.next();
    if (cursor.isKeyword('VALUES')) {
      const values = parseValues(cursor);
      cursor.expectSymbol(')');
      return namedValues(cursor, { ...values, position: token.position });
    }
    if (!cursor.isKeyword('SELECT') && !cursor.isKeyword('WITH') && !cursor.isKeyword('FROM') && !cursor.isSymbol('(')) {
      const inner = cursor.nested(() => parseFrom(cursor));
      cursor.expectSymbol(')');
      return inner;
    }
    const query = parseQuery(cursor);
    cursor.expectSymbol(')');
    const alias = parseAlias(cursor);
    return { kind: 'subquery', query, ...(alias === undefined ? {} : { alias }), position: token.position };
  }
  if (cursor.isKeyword('VALUES')) return namedValues(cursor, parseValues(cursor));
  if (isKeyword(token, 'RANGE') && cursor.isSymbol('(', 1)) {
    const range = parseRange(cursor);
    const alias = parseAlias(cursor);
    return alias === undefined ? range : { ...range, alias };
  }
  const stream = cursor.acceptKeyword('STREAM');
  if (stream && cursor.isSymbol('(')) {
    cursor.next();
    const inner = parseSource(cursor, true);
    cursor.expectSymbol(')');
    return withAliasAndWatermark(cursor, { ...inner, position: token.position });
  }
  const source = parseSource(cursor, stream);
  return withAliasAndWatermark(cursor, stream ? { ...source, position: token.position } : source);
}

type Source = Extract<FromItem, { kind: 'table' | 'file' }>;

/** A dataset name, a `format.\`path\`` file read, `read_files(…)` or Lakeflow's `cloud_files(…)`. */
function parseSource(cursor: Cursor, stream: boolean): Source {
  const token = cursor.peek();
  if (isKeyword(token, 'READ_FILES') && cursor.isSymbol('(', 1)) return parseReadFiles(cursor, stream);
  if (isKeyword(token, 'CLOUD_FILES') && cursor.isSymbol('(', 1)) return parseCloudFiles(cursor);
  const parts = [cursor.identifier('a table name')];
  while (cursor.acceptSymbol('.')) parts.push(cursor.identifier('a table name'));
  if (cursor.isSymbol('(') && stream && parts.length === 1 && parts[0]?.toLowerCase() === 'range') {
    throw cursor.error('range(…) makes its rows once, it is not a stream: read it without STREAM (a streaming flow reads it whole, like a table joined to the stream)', token);
  }
  if (cursor.isSymbol('(')) throw cursor.error(`table function ${parts.join('.')}(…) is not supported: read files with read_files(path, format => 'parquet') or parquet.\`path\``, token);
  const format = parts.length === 2 ? (parts[0] as string).toLowerCase() : undefined;
  const quotedPath = cursor.peek(-1).kind === 'quoted';
  if (format !== undefined && FILE_FORMATS.has(format) && quotedPath) {
    const options = cursor.acceptKeyword('WITH') ? optionList(cursor) : {};
    if (format === 'csv' && options['header'] !== 'true') {
      throw cursor.error("Þund reads CSV files by their header row: add WITH ('header' = 'true') (Spark's default, no header, names columns _c0, _c1, … on Spark only)", token);
    }
    return { kind: 'file', format: format as FileFormat, path: parts[1] as string, options, stream, position: token.position };
  }
  if (format !== undefined && OTHER_FORMATS.has(format) && quotedPath) {
    throw cursor.error(`${format} files are not read by Þund: it reads parquet, json and csv (parquet.\`path\`, read_files(path, format => 'parquet'))`, token);
  }
  if (parts.length > 3) throw cursor.error(`${parts.join('.')} has ${parts.length} parts: a table is named name, schema.name or catalog.schema.name`, token);
  return { kind: 'table', name: parts[parts.length - 1] as string, qualifier: parts.slice(0, -1), stream, position: token.position };
}

/** `('key' = 'value', …)`: options of a file read, as Spark SQL writes them after the path. */
function optionList(cursor: Cursor): Record<string, string> {
  cursor.expectSymbol('(');
  const options: Record<string, string> = {};
  do {
    const keyToken = cursor.next();
    if (keyToken.kind !== 'string' && keyToken.kind !== 'word' && keyToken.kind !== 'quoted') throw cursor.error('expected an option name', keyToken);
    cursor.acceptSymbol('=');
    const value = cursor.next();
    if (value.kind !== 'string' && value.kind !== 'number' && value.kind !== 'word') throw cursor.error('expected an option value', value);
    options[keyToken.value] = value.kind === 'word' ? value.value.toLowerCase() : value.value;
  } while (cursor.acceptSymbol(','));
  cursor.expectSymbol(')');
  return options;
}

/** A VALUES list's alias and column names (`AS t(a, b)`), if written. */
function namedValues(cursor: Cursor, values: Omit<ValuesRef, 'alias' | 'columns'>): ValuesRef {
  const alias = parseAlias(cursor);
  const columns = alias === undefined ? undefined : parseColumnNames(cursor);
  return { ...values, ...(alias === undefined ? {} : { alias }), ...(columns === undefined ? {} : { columns }) };
}

function withAliasAndWatermark(cursor: Cursor, source: Source): FromItem {
  const watermark = parseWatermark(cursor);
  const alias = parseAlias(cursor);
  return { ...source, ...(alias === undefined ? {} : { alias }), ...(watermark === undefined ? {} : { watermark }) };
}

function parseWatermark(cursor: Cursor): WatermarkClause | undefined {
  const token = cursor.peek();
  if (!cursor.acceptKeyword('WATERMARK')) return undefined;
  const column = cursor.identifier('the event-time column');
  cursor.expectKeyword('DELAY', 'OF');
  return { column, delayMs: parseIntervalMs(cursor), position: token.position };
}

/** Words after a table that begin a clause, not an alias (beside the expression reader's `CLAUSE_WORDS`). */
const TABLE_CLAUSE_WORDS: ReadonlySet<string> = new Set(['QUALIFY', 'MINUS']);

function parseAlias(cursor: Cursor): string | undefined {
  if (cursor.acceptKeyword('AS')) return cursor.identifier('an alias');
  const next = cursor.peek();
  const word = next.value.toUpperCase();
  if ((next.kind === 'word' && !CLAUSE_WORDS.has(word) && !TABLE_CLAUSE_WORDS.has(word)) || next.kind === 'quoted') return cursor.identifier();
  return undefined;
}

function wholeNumber(cursor: Cursor, what: string): number {
  const token = cursor.next();
  if (token.kind !== 'number' || !/^\d+$/.test(token.value)) throw cursor.error(`${what} takes a whole number, found "${token.value}"`, token);
  return Number(token.value);
}
