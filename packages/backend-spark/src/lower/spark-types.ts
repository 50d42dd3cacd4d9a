import type { DataType, Field } from '@thund/ir';

const PRIMITIVE_DDL = {
  bool: 'BOOLEAN',
  int8: 'TINYINT',
  int16: 'SMALLINT',
  int32: 'INT',
  int64: 'BIGINT',
  float32: 'FLOAT',
  float64: 'DOUBLE',
  utf8: 'STRING',
  binary: 'BINARY',
  date32: 'DATE',
  // A bare `timestamp` has no time zone: Spark's TIMESTAMP_NTZ.
  timestamp: 'TIMESTAMP_NTZ',
} as const;

/** The Spark SQL type name of an IR data type. */
export function sparkType(type: DataType): string {
  if (typeof type === 'string') return PRIMITIVE_DDL[type];
  switch (type.type) {
    case 'decimal': return `DECIMAL(${type.precision},${type.scale})`;
    case 'timestamp': return type.timezone === undefined ? 'TIMESTAMP_NTZ' : 'TIMESTAMP';
    case 'list': return `ARRAY<${sparkType(type.element)}>`;
    case 'map': return `MAP<${sparkType(type.key)}, ${sparkType(type.value)}>`;
    case 'struct': return `STRUCT<${type.fields.map((f) => `${quoteIdentifier(f.name)}: ${sparkType(f.type)}`).join(', ')}>`;
  }
}

/** A Spark identifier part, backquoted. */
export function quoteIdentifier(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/** A multi-part identifier (`catalog`.`db`.`name`). */
export function qualified(...parts: readonly (string | undefined)[]): string {
  return parts.filter((p): p is string => p !== undefined).map(quoteIdentifier).join('.');
}

/** A schema as the DDL string Spark parses (`a BIGINT NOT NULL, b STRING`). */
export function schemaDdl(schema: readonly Field[]): string {
  return schema.map((f) => `${quoteIdentifier(f.name)} ${sparkType(f.type)}${f.nullable === false ? ' NOT NULL' : ''}`).join(', ');
}
