import type { DataType, Field, StructField } from '@thund/ir';
import type { Cursor } from './cursor.js';

/** Spark SQL type names and the Arrow type each is in the portable plan. */
const SIMPLE_TYPES: Readonly<Record<string, DataType>> = {
  BOOLEAN: 'bool',
  TINYINT: 'int8',
  BYTE: 'int8',
  SMALLINT: 'int16',
  SHORT: 'int16',
  INT: 'int32',
  INTEGER: 'int32',
  BIGINT: 'int64',
  LONG: 'int64',
  FLOAT: 'float32',
  REAL: 'float32',
  DOUBLE: 'float64',
  STRING: 'utf8',
  BINARY: 'binary',
  DATE: 'date32',
  // Spark's TIMESTAMP is an instant (shown in the session time zone, UTC in Þund's runs); TIMESTAMP_NTZ a wall-clock time.
  TIMESTAMP: { type: 'timestamp', unit: 'us', timezone: 'UTC' },
  TIMESTAMP_LTZ: { type: 'timestamp', unit: 'us', timezone: 'UTC' },
  TIMESTAMP_NTZ: 'timestamp',
};

/** Spark SQL's cast functions (`date(x)` is `CAST(x AS DATE)`) and the type each casts to. */
const CAST_FUNCTIONS: ReadonlySet<string> = new Set(['BOOLEAN', 'TINYINT', 'SMALLINT', 'INT', 'BIGINT', 'FLOAT', 'DOUBLE', 'DECIMAL', 'DATE', 'TIMESTAMP', 'STRING', 'BINARY']);

/** The type a Spark SQL cast function casts to (`decimal(x)` is DECIMAL(10, 0), as in Spark), or `undefined` for another name. */
export function castFunctionType(name: string): DataType | undefined {
  const upper = name.toUpperCase();
  if (!CAST_FUNCTIONS.has(upper)) return undefined;
  return upper === 'DECIMAL' ? { type: 'decimal', precision: 10, scale: 0 } : SIMPLE_TYPES[upper];
}

/** A Spark SQL type: `BIGINT`, `DECIMAL(10, 2)`, `VARCHAR(20)` (a string), `ARRAY<INT>`, `STRUCT<a: INT, b: STRING>`, `MAP<STRING, INT>`, … */
export function parseDataType(cursor: Cursor): DataType {
  const token = cursor.peek();
  const name = cursor.identifier('a type').toUpperCase();
  if (name === 'ARRAY' || name === 'STRUCT' || name === 'MAP') return cursor.nested(() => nestedType(cursor, name), token);
  if (name === 'DECIMAL' || name === 'DEC' || name === 'NUMERIC') {
    if (!cursor.acceptSymbol('(')) return { type: 'decimal', precision: 10, scale: 0 };
    const precision = integer(cursor);
    const scale = cursor.acceptSymbol(',') ? integer(cursor) : 0;
    cursor.expectSymbol(')');
    return { type: 'decimal', precision, scale };
  }
  if (name === 'VARCHAR' || name === 'CHAR') {
    // Spark reads VARCHAR(n) and CHAR(n) as strings (padding and length checks aside).
    cursor.expectSymbol('(');
    integer(cursor);
    cursor.expectSymbol(')');
    return 'utf8';
  }
  const type = SIMPLE_TYPES[name];
  if (type === undefined) {
    throw cursor.error(`type ${name} is not supported: use one of ${[...Object.keys(SIMPLE_TYPES), 'DECIMAL(p, s)', 'VARCHAR(n)', 'ARRAY<t>', 'STRUCT<name: t, …>', 'MAP<k, v>'].join(', ')}`, token);
  }
  return type;
}

/** `ARRAY<t>`, `STRUCT<name: t, …>` (the colon optional, as Spark reads it) or `MAP<k, v>`, after its name. */
function nestedType(cursor: Cursor, name: 'ARRAY' | 'STRUCT' | 'MAP'): DataType {
  if (cursor.isSymbol('<>')) throw cursor.error(`${name}<> has no ${name === 'STRUCT' ? 'fields' : 'element type'}: write ${name === 'STRUCT' ? 'STRUCT<name: TYPE, …>' : `${name}<…>`}`);
  cursor.expectSymbol('<');
  let type: DataType;
  if (name === 'ARRAY') type = { type: 'list', element: parseDataType(cursor) };
  else if (name === 'MAP') {
    const key = parseDataType(cursor);
    cursor.expectSymbol(',');
    type = { type: 'map', key, value: parseDataType(cursor) };
  } else type = { type: 'struct', fields: structFields(cursor) };
  cursor.expectSymbol('>');
  return type;
}

function structFields(cursor: Cursor): StructField[] {
  const fields: StructField[] = [];
  const seen = new Set<string>();
  do {
    const token = cursor.peek();
    const name = cursor.identifier('a field name');
    if (seen.has(name.toLowerCase())) throw cursor.error(`field ${name} appears twice in the STRUCT: give each field its own name`, token);
    seen.add(name.toLowerCase());
    cursor.acceptSymbol(':');
    fields.push({ name, type: parseDataType(cursor) });
    if (cursor.isKeyword('NOT')) throw cursor.error('NOT NULL on a STRUCT field is not supported: Þund enforces NOT NULL on columns only; drop it (the field may hold NULLs)');
    if (cursor.isKeyword('COMMENT')) throw cursor.error('a COMMENT on a STRUCT field is not supported: drop it, or comment the column');
  } while (cursor.acceptSymbol(','));
  return fields;
}

function integer(cursor: Cursor): number {
  const token = cursor.next();
  if (token.kind !== 'number' || !/^\d+$/.test(token.value)) throw cursor.error(`expected a whole number, found "${token.value}"`, token);
  return Number(token.value);
}

/** A schema string as `read_files(…, schema => '…')` takes it: `name TYPE [NOT NULL], …`. */
export function parseSchemaString(cursor: Cursor): Field[] {
  const fields: Field[] = [];
  do {
    const name = cursor.identifier('a column name');
    const type = parseDataType(cursor);
    const nullable = !cursor.acceptKeyword('NOT', 'NULL');
    fields.push(nullable ? { name, type } : { name, type, nullable: false });
  } while (cursor.acceptSymbol(','));
  if (!cursor.atEnd()) throw cursor.error(`unexpected "${cursor.peek().value}" in the schema: write name TYPE, name TYPE, …`);
  return fields;
}

/** The Spark SQL name of a type, as `parseDataType` reads it back. */
export function sparkTypeName(type: DataType): string {
  if (typeof type !== 'string') {
    switch (type.type) {
      case 'decimal': return `DECIMAL(${type.precision}, ${type.scale})`;
      case 'list': return `ARRAY<${sparkTypeName(type.element)}>`;
      case 'map': return `MAP<${sparkTypeName(type.key)}, ${sparkTypeName(type.value)}>`;
      case 'struct': return `STRUCT<${type.fields.map((f) => `${quoteName(f.name)}: ${sparkTypeName(f.type)}`).join(', ')}>`;
      case 'timestamp':
        if (type.unit === 'us' && type.timezone === 'UTC') return 'TIMESTAMP';
        throw new TypeError(`timestamp[${type.unit}${type.timezone === undefined ? '' : `, ${type.timezone}`}] has no Spark SQL name: Spark timestamps are microseconds, UTC or without a time zone`);
    }
  }
  const names: Readonly<Record<string, string>> = {
    bool: 'BOOLEAN', int8: 'TINYINT', int16: 'SMALLINT', int32: 'INT', int64: 'BIGINT', float32: 'FLOAT', float64: 'DOUBLE',
    utf8: 'STRING', binary: 'BINARY', date32: 'DATE', timestamp: 'TIMESTAMP_NTZ',
  };
  return names[type] as string;
}

/** A field name as written in a type: bare when it is a plain word, else back-quoted. */
function quoteName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name.replaceAll('`', '``')}\``;
}
