import type { DataType, DataType_StructField } from '../gen/spark/connect/types_pb.js';
import { quoteIdentifier } from '../lower/spark-types.js';

/**
 * A Spark schema (a struct, as Spark Connect sends it) as the DDL a data
 * source read takes (`a INT, b STRING`); `undefined` where DDL cannot say
 * the type exactly (an array of non-null elements, a field with metadata,
 * a collation, a type inference never produces), so the caller keeps
 * Spark's own inference.
 */
export function structDdl(schema: DataType): string | undefined {
  if (schema.kind.case !== 'struct' || schema.kind.value.fields.length === 0) return undefined;
  return fieldsDdl(schema.kind.value.fields, ' ');
}

function fieldsDdl(fields: readonly DataType_StructField[], separator: ' ' | ': '): string | undefined {
  const parts: string[] = [];
  for (const field of fields) {
    if (field.metadata !== undefined && field.metadata !== '' && field.metadata !== '{}') return undefined;
    const type = field.dataType === undefined ? undefined : typeDdl(field.dataType);
    if (type === undefined) return undefined;
    parts.push(`${quoteIdentifier(field.name)}${separator}${type}${field.nullable ? '' : ' NOT NULL'}`);
  }
  return parts.join(', ');
}

const SIMPLE: Readonly<Partial<Record<DataType['kind']['case'] & string, string>>> = {
  null: 'VOID', binary: 'BINARY', boolean: 'BOOLEAN', byte: 'TINYINT', short: 'SMALLINT', integer: 'INT', long: 'BIGINT', float: 'FLOAT',
  double: 'DOUBLE', date: 'DATE', timestamp: 'TIMESTAMP', timestampNtz: 'TIMESTAMP_NTZ', variant: 'VARIANT',
};

function typeDdl(type: DataType): string | undefined {
  const { kind } = type;
  switch (kind.case) {
    case 'string':
      return kind.value.collation === '' || kind.value.collation === 'UTF8_BINARY' ? 'STRING' : undefined;
    case 'decimal':
      return `DECIMAL(${kind.value.precision ?? 10},${kind.value.scale ?? 0})`;
    case 'char':
      return `CHAR(${kind.value.length})`;
    case 'varChar':
      return `VARCHAR(${kind.value.length})`;
    case 'array': {
      const element = kind.value.elementType === undefined || !kind.value.containsNull ? undefined : typeDdl(kind.value.elementType);
      return element === undefined ? undefined : `ARRAY<${element}>`;
    }
    case 'map': {
      const { keyType, valueType, valueContainsNull } = kind.value;
      const key = keyType === undefined ? undefined : typeDdl(keyType);
      const value = valueType === undefined || !valueContainsNull ? undefined : typeDdl(valueType);
      return key === undefined || value === undefined ? undefined : `MAP<${key}, ${value}>`;
    }
    case 'struct': {
      const fields = fieldsDdl(kind.value.fields, ': ');
      return fields === undefined ? undefined : `STRUCT<${fields}>`;
    }
    default:
      return kind.case === undefined ? undefined : SIMPLE[kind.case];
  }
}
