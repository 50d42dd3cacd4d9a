import type { DataType } from '@thund/ir';
import { duckdbType } from './duckdb-types.js';

const INTEGRAL: ReadonlySet<DataType> = new Set(['int8', 'int16', 'int32', 'int64']);

/**
 * A cast from a type known when compiling, where Spark's meaning is not
 * DuckDB's: from text (below), and from a double, float or decimal to an
 * integer type, which Spark truncates toward zero (-3.5 is -3) and DuckDB
 * rounds (-4). `undefined`: DuckDB's own cast means the same.
 */
export function sparkCast(operand: string, from: DataType | undefined, to: DataType, orNull: boolean): string | undefined {
  if (from === 'utf8') return castFromText(operand, to, orNull);
  const fractional = from === 'float32' || from === 'float64' || (typeof from === 'object' && from.type === 'decimal');
  if (fractional && INTEGRAL.has(to)) return `${orNull ? 'TRY_CAST' : 'CAST'}(trunc(${operand}) AS ${duckdbType(to)})`;
  return undefined;
}

/**
 * Casts from text as Spark reads text, where DuckDB reads it otherwise.
 * Spark first trims every character up to U+0020 (spaces, tabs, line
 * breaks and control characters) from both ends; DuckDB trims spaces only.
 * Then:
 * - an integer type takes an optional sign and ASCII digits, nothing else:
 *   DuckDB would also round '1.5' to 2 and read '1e3' and '0x10';
 * - a floating type takes Java's number text, which may end in a d or f
 *   (`'1.5d'` is 1.5); DuckDB refuses the suffix.
 * - a decimal reads the trimmed text as DuckDB does (both round half up).
 * Other targets (dates, timestamps, booleans) are cast as DuckDB reads them.
 *
 * A text that does not convert fails the run as Spark's ANSI cast does
 * (`CAST_INVALID_INPUT`), or is NULL with `orNull` (`TRY_CAST`).
 */
function castFromText(text: string, to: DataType, orNull: boolean): string | undefined {
  const target = duckdbType(to);
  const trimmed = `regexp_replace(${text}, '^[\\x00-\\x20]+|[\\x00-\\x20]+$', '', 'g')`;
  const convert = (value: string, valid: string): string => {
    const invalid = orNull ? 'NULL' : `error('[CAST_INVALID_INPUT] The value ''' || ${text} || ''' of the type "STRING" cannot be cast to "${sparkName(to)}" because it is malformed.')`;
    return `(CASE WHEN ${text} IS NULL THEN NULL WHEN ${valid} THEN ${orNull ? 'TRY_CAST' : 'CAST'}(${value} AS ${target}) ELSE ${invalid} END)`;
  };
  if (INTEGRAL.has(to)) {
    return convert(trimmed, `regexp_full_match(${trimmed}, '[+-]?[0-9]+')`);
  }
  if (to === 'float32' || to === 'float64') {
    // The suffix is dropped only after a digit or a point, so 'Inf' and 'NaN' stay as they are.
    const unsuffixed = `regexp_replace(${trimmed}, '([0-9.])[dDfF]$', '\\1')`;
    return convert(unsuffixed, `TRY_CAST(${unsuffixed} AS ${target}) IS NOT NULL`);
  }
  if (typeof to === 'object' && to.type === 'decimal') return convert(trimmed, `TRY_CAST(${trimmed} AS ${target}) IS NOT NULL`);
  return undefined;
}

function sparkName(type: DataType): string {
  switch (type) {
    case 'int8': return 'TINYINT';
    case 'int16': return 'SMALLINT';
    case 'int32': return 'INT';
    case 'int64': return 'BIGINT';
    case 'float32': return 'FLOAT';
    case 'float64': return 'DOUBLE';
    default: return typeof type === 'object' && type.type === 'decimal' ? `DECIMAL(${type.precision},${type.scale})` : 'DOUBLE';
  }
}
