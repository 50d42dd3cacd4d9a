import { type DataType, type Expression, LiteralNode, outputName } from '@thund/ir';
import { tokenize } from '../lex/lexer.js';
import type { Token } from '../lex/token.js';
import { Cursor } from './cursor.js';
import { parseDataType, parseSchemaString } from './data-type.js';
import { parseExpression } from './expression.js';

/**
 * `struct(a, b.c AS x, 1 + 2)` after `struct(`: the portable plan's
 * `named_struct`, each field named as Spark names it: its alias, a
 * column's or field's name, else `col<position>`.
 */
export function parseStructArguments(cursor: Cursor): Expression[] {
  const args: Expression[] = [];
  if (cursor.acceptSymbol(')')) throw cursor.error('struct() needs at least one field');
  let position = 0;
  do {
    position += 1;
    const value = parseExpression(cursor);
    const alias = cursor.acceptKeyword('AS') ? cursor.identifier('a field name') : undefined;
    const name = alias ?? (value.kind === 'column' || value.kind === 'field' ? outputName(value) : undefined) ?? `col${position}`;
    args.push(LiteralNode.create(name), value);
  } while (cursor.acceptSymbol(','));
  cursor.expectSymbol(')');
  return args;
}

/**
 * from_json's schema, written as Spark takes it (a DDL string: `a INT, b
 * ARRAY<STRING>` for a struct, or `ARRAY<…>`, `MAP<…>`, `STRUCT<…>`), as
 * the plan holds it: a NULL literal of that type.
 */
export function jsonSchemaArgument(cursor: Cursor, args: readonly Expression[], token: Token): Expression[] {
  const [text, schema, ...options] = args;
  if (options.length > 0) throw cursor.error('from_json options (a third argument) are not supported: Þund reads JSON in Spark\'s default PERMISSIVE mode', token);
  if (text === undefined || schema?.kind !== 'literal' || typeof schema.value !== 'string' || schema.type !== undefined) {
    throw cursor.error("from_json takes the JSON text and its schema as a string: from_json(x, 'a INT, b ARRAY<STRING>')", token);
  }
  return [text, LiteralNode.create(null, schemaType(cursor, schema.value, token))];
}

function schemaType(cursor: Cursor, ddl: string, token: Token): DataType {
  // Errors in the schema point into the call (the string's own position is not kept with its literal).
  const inner = new Cursor(tokenize(ddl, cursor.file, { line: token.position.line, column: token.position.column }), cursor.file);
  // `ARRAY<…>`, `MAP<…>`, `STRUCT<…>` alone is that type; anything else is a struct's field list, as Spark reads it.
  if (/^\s*(ARRAY|MAP|STRUCT)\s*</i.test(ddl)) {
    const type = parseDataType(inner);
    if (!inner.atEnd()) throw inner.error(`unexpected "${inner.peek().value}" after from_json's schema type`);
    return type;
  }
  const fields = parseSchemaString(inner);
  if (fields.some((f) => f.nullable === false)) throw cursor.error("NOT NULL in from_json's schema is not supported: a field that does not fit is NULL", token);
  return { type: 'struct', fields: fields.map((f) => ({ name: f.name, type: f.type })) };
}
