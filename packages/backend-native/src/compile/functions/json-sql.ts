import type { DataType } from '@thund/ir';
import { duckdbType } from '../duckdb-types.js';
import { quoteIdentifier, quoteString } from '../sql-text.js';

/*
 * Spark's JSON functions in DuckDB SQL, written out by type: DuckDB's own
 * json_transform casts where Spark's PERMISSIVE reader gives NULL (1.5 to
 * an INT is 2 there, "5" is 5, a list with one bad element keeps the
 * others), and its to_json writes NULL struct fields and other number and
 * date forms.
 */

let lambdas = 0;
/** A fresh lambda parameter name, so nested lambdas never shadow each other. */
function parameter(): string {
  lambdas += 1;
  return `_j${lambdas}`;
}

/** A JSON Pointer to an object member (`/name`, `~` and `/` escaped). */
function member(name: string): string {
  return quoteString(`/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`);
}

/** The JSON type name of a JSON value (`BIGINT`, `VARCHAR`, `OBJECT`, `NULL`, …). */
const jsonType = (value: string): string => `json_type(${value})`;

/** A JSON value's text as Spark's reader gives a string field: a string unquoted, anything else as compact JSON. */
function stringOf(value: string): string {
  return `(CASE ${jsonType(value)} WHEN 'NULL' THEN NULL WHEN 'VARCHAR' THEN json_extract_string(${value}, '$') ELSE CAST(${value} AS VARCHAR) END)`;
}

/**
 * A JSON value (DuckDB JSON) read as `type`, Spark's PERMISSIVE way: NULL
 * where it does not fit (an integer field takes only integral numbers
 * within its range, a boolean only true and false, a decimal a number or a
 * numeric string rounded half up to its scale, a date a date string; a
 * string takes anything, other values as their JSON); a list with an
 * element that does not fit is NULL, so is a map with such a value; a
 * struct's fields are read one by one.
 */
function readAs(value: string, type: DataType): string {
  if (typeof type === 'string') {
    switch (type) {
      case 'int8': case 'int16': case 'int32': case 'int64':
        return `(CASE WHEN ${jsonType(value)} IN ('BIGINT', 'UBIGINT') THEN TRY_CAST(CAST(${value} AS VARCHAR) AS ${duckdbType(type)}) END)`;
      case 'bool':
        return `(CASE WHEN ${jsonType(value)} = 'BOOLEAN' THEN CAST(${value} AS BOOLEAN) END)`;
      case 'utf8':
        return stringOf(value);
      case 'date32':
        return `(CASE WHEN ${jsonType(value)} = 'VARCHAR' THEN TRY_CAST(json_extract_string(${value}, '$') AS DATE) END)`;
      case 'float32': case 'float64':
        // Any number; and the strings Spark's reader takes for the non-finite ones (allowNonNumericNumbers).
        return `(CASE WHEN ${jsonType(value)} IN ('BIGINT', 'UBIGINT', 'DOUBLE') THEN CAST(CAST(${value} AS VARCHAR) AS ${duckdbType(type)}) `
          + `WHEN ${jsonType(value)} = 'VARCHAR' AND json_extract_string(${value}, '$') IN ('NaN', 'Infinity', '+Infinity', '-Infinity') THEN CAST(json_extract_string(${value}, '$') AS ${duckdbType(type)}) END)`;
      default:
        throw new TypeError(`from_json of ${type} is refused by validation`);
    }
  }
  switch (type.type) {
    case 'decimal':
      return `(CASE WHEN ${jsonType(value)} IN ('BIGINT', 'UBIGINT', 'DOUBLE') THEN TRY_CAST(CAST(${value} AS VARCHAR) AS ${duckdbType(type)}) `
        + `WHEN ${jsonType(value)} = 'VARCHAR' THEN TRY_CAST(json_extract_string(${value}, '$') AS ${duckdbType(type)}) END)`;
    case 'struct':
      return `(CASE WHEN ${jsonType(value)} = 'OBJECT' THEN ${structOf(value, type)} END)`;
    case 'list': {
      const items = `CAST(json_transform(${value}, '["JSON"]') AS JSON[])`;
      const e = parameter();
      const read = readAs(e, type.element);
      // Every element that is not JSON null must read as a non-NULL value, or the whole list is NULL.
      return `(CASE WHEN ${jsonType(value)} = 'ARRAY' AND list_bool_and(list_transform(${items}, lambda ${e}: ${jsonType(e)} = 'NULL' OR ${read} IS NOT NULL)) IS NOT FALSE `
        + `THEN list_transform(${items}, lambda ${e}: ${read}) END)`;
    }
    case 'map': {
      const entries = `map_entries(CAST(json_transform(${value}, '"MAP(VARCHAR, JSON)"') AS MAP(VARCHAR, JSON)))`;
      const kv = parameter();
      const read = readAs(`${kv}.value`, type.value);
      return `(CASE WHEN ${jsonType(value)} = 'OBJECT' AND list_bool_and(list_transform(${entries}, lambda ${kv}: ${jsonType(`${kv}.value`)} = 'NULL' OR ${read} IS NOT NULL)) IS NOT FALSE `
        + `THEN CAST(map_from_entries(list_transform(${entries}, lambda ${kv}: struct_pack(key := ${kv}.key, value := ${read}))) AS ${duckdbType(type)}) END)`;
    }
    case 'timestamp':
      throw new TypeError('from_json of a timestamp is refused by validation');
  }
}

/** A struct of the object's fields, each read as its type (a missing field is NULL). */
function structOf(object: string, type: Extract<DataType, { type: 'struct' }>): string {
  return `struct_pack(${type.fields.map((f) => `${quoteIdentifier(f.name)} := ${readAs(`json_extract(${object}, ${member(f.name)})`, f.type)}`).join(', ')})`;
}

/**
 * `from_json(text, schema)` as Spark reads it: NULL for NULL or blank
 * text; for a struct schema, invalid JSON or JSON that is not an object
 * gives a struct of NULLs; for a list or map schema, NULL.
 */
export function fromJsonSql(text: string, type: DataType): string {
  const parsed = `CAST(${text} AS JSON)`;
  const fallback = typeof type === 'object' && type.type === 'struct' ? `CAST(NULL AS ${duckdbType(type)})` : 'NULL';
  const allNull = typeof type === 'object' && type.type === 'struct'
    ? `struct_pack(${type.fields.map((f) => `${quoteIdentifier(f.name)} := CAST(NULL AS ${duckdbType(f.type)})`).join(', ')})`
    : fallback;
  const read = typeof type === 'object' && type.type === 'struct' ? `(CASE WHEN ${jsonType(parsed)} = 'OBJECT' THEN ${structOf(parsed, type)} ELSE ${allNull} END)` : readAs(parsed, type);
  return `(CASE WHEN ${text} IS NULL OR trim(${text}) = '' THEN ${fallback} WHEN NOT json_valid(${text}) THEN ${allNull} ELSE ${read} END)`;
}

/** A JSON string literal of a text value (Jackson's escapes: quote, backslash, control characters). */
function jsonString(text: string): string {
  return `to_json(CAST(${text} AS VARCHAR))`;
}

/**
 * A value as JSON text, as Spark's to_json writes it: a struct's NULL
 * fields left out, a list's NULL elements and a map's NULL values as
 * null, map keys as strings, decimals with their scale, dates as
 * yyyy-MM-dd. NULL for NULL.
 */
export function toJsonSql(value: string, type: DataType): string {
  if (typeof type === 'string') {
    switch (type) {
      case 'utf8': return jsonString(value);
      case 'bool': return `(CASE WHEN ${value} THEN 'true' ELSE 'false' END)`;
      case 'date32': return `('"' || strftime(${value}, '%Y-%m-%d') || '"')`;
      case 'int8': case 'int16': case 'int32': case 'int64': return `CAST(${value} AS VARCHAR)`;
      default: throw new TypeError(`to_json of ${type} is refused by validation`);
    }
  }
  switch (type.type) {
    case 'decimal': return `CAST(${value} AS VARCHAR)`;
    case 'list': {
      const e = parameter();
      return `('[' || array_to_string(list_transform(${value}, lambda ${e}: coalesce(${toJsonSql(e, type.element)}, 'null')), ',') || ']')`;
    }
    case 'map': {
      const kv = parameter();
      return `('{' || array_to_string(list_transform(map_entries(${value}), lambda ${kv}: ${jsonString(`${kv}.key`)} || ':' || coalesce(${toJsonSql(`${kv}.value`, type.value)}, 'null')), ',') || '}')`;
    }
    case 'struct': {
      const fields = type.fields.map((f) => {
        const field = `struct_extract(${value}, ${quoteString(f.name)})`;
        return `(CASE WHEN ${field} IS NOT NULL THEN ${quoteString(`${JSON.stringify(f.name)}:`)} || ${toJsonSql(field, f.type)} END)`;
      });
      return `(CASE WHEN ${value} IS NOT NULL THEN '{' || concat_ws(',', ${fields.join(', ')}) || '}' END)`;
    }
    case 'timestamp': throw new TypeError('to_json of a timestamp is refused by validation');
  }
}
