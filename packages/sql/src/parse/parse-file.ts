import { tokenize } from '../lex/lexer.js';
import { substituteVariables } from '../lex/substitute.js';
import type { SourcePosition } from '../lex/token.js';
import type { ExpressionSubquery, NamePlace, SqlFile, Statement } from './ast.js';
import { Cursor, describe } from './cursor.js';
import { parseStatement } from './statement.js';

/** A parsed file, where each of its nodes starts, and its subqueries inside expressions. */
export interface ParsedSqlFile extends SqlFile {
  readonly positions: WeakMap<object, SourcePosition>;
  readonly subqueries: ReadonlyMap<string, ExpressionSubquery>;
}

/**
 * Parses one SQL pipeline file: statements separated by `;`, `${name}`
 * in strings and quoted names taken from `variables`. `USE` sets where
 * the unqualified names of the statements after it in this file are (as
 * SDP scopes it: to its file); each statement keeps that place. Throws a
 * `SqlError` at the first syntax error, with `file:line:column`.
 */
export function parseSqlFile(text: string, file: string, variables: Readonly<Record<string, string>> = {}): ParsedSqlFile {
  const cursor = new Cursor(substituteVariables(tokenize(text, file), variables, file), file);
  const statements: Statement[] = [];
  let place: NamePlace | undefined;
  for (;;) {
    while (cursor.acceptSymbol(';'));
    if (cursor.atEnd()) break;
    const statement = parseStatement(cursor);
    if (statement.kind === 'use') {
      // USE CATALOG clears the database, as in SDP; USE [SCHEMA] keeps the catalog unless it names one.
      place = statement.database === undefined
        ? { catalog: statement.catalog as string, database: null, setAt: statement.position }
        : { ...(place ?? {}), ...(statement.catalog === undefined ? {} : { catalog: statement.catalog }), database: statement.database, setAt: statement.position };
    } else if (statement.kind !== 'set') {
      statements.push(place === undefined ? statement : { ...statement, place });
    }
    if (!cursor.acceptSymbol(';') && !cursor.atEnd()) {
      throw cursor.error(`unexpected ${describe(cursor.peek())}: end the statement with ";"${cursor.isKeyword('CREATE') ? '' : ' or remove what follows'}`);
    }
  }
  return { file, statements, positions: cursor.positions, subqueries: cursor.subqueries };
}
