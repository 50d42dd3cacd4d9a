import type { DataType, DecimalType, StructField, StructType } from '../model/data-type.js';

/**
 * How types combine in expressions, as the backends agree on them (Spark
 * SQL's rules; the native backend casts where DuckDB's differ). Used by
 * schema inference: `undefined` means only a run would tell.
 */

const INTEGER_BITS = { int8: 8, int16: 16, int32: 32, int64: 64 } as const;
const INTEGER_DIGITS = { int8: 3, int16: 5, int32: 10, int64: 20 } as const;
type IntegerType = keyof typeof INTEGER_BITS;

export const isInteger = (t: DataType | undefined): t is IntegerType => typeof t === 'string' && t in INTEGER_BITS;
export const isFloat = (t: DataType | undefined): t is 'float32' | 'float64' => t === 'float32' || t === 'float64';
export const isDecimal = (t: DataType | undefined): t is DecimalType => typeof t === 'object' && t.type === 'decimal';
export const isNumeric = (t: DataType | undefined): boolean => isInteger(t) || isFloat(t) || isDecimal(t);
export const isTimestamp = (t: DataType | undefined): boolean => t === 'timestamp' || (typeof t === 'object' && t.type === 'timestamp');
export const isTemporal = (t: DataType | undefined): boolean => t === 'date32' || isTimestamp(t);
export const isStruct = (t: DataType | undefined): t is StructType => typeof t === 'object' && t.type === 'struct';

const MAX_PRECISION = 38;

/** An integer type as the decimal that holds every value of it (Spark: int → decimal(10,0)). */
function asDecimal(t: DataType): DecimalType | undefined {
  if (isDecimal(t)) return t;
  if (isInteger(t)) return { type: 'decimal', precision: INTEGER_DIGITS[t], scale: 0 };
  return undefined;
}

/** A decimal whose precision exceeds 38 keeps its integral digits and gives up scale, down to 6 (Spark's precision-loss rule). */
export function boundedDecimal(precision: number, scale: number): DecimalType {
  if (precision <= MAX_PRECISION) return { type: 'decimal', precision, scale };
  const integral = precision - scale;
  const minScale = Math.min(scale, 6);
  return { type: 'decimal', precision: MAX_PRECISION, scale: Math.max(MAX_PRECISION - integral, minScale) };
}

/** The type both of two types widen to (a union's column, a CASE's branches, coalesce's arguments). */
export function commonType(a: DataType | undefined, b: DataType | undefined): DataType | undefined {
  if (a === undefined || b === undefined) return undefined;
  if (sameType(a, b)) return a;
  if (isInteger(a) && isInteger(b)) return INTEGER_BITS[a] >= INTEGER_BITS[b] ? a : b;
  if (isFloat(a) || isFloat(b)) {
    if (!isNumeric(a) || !isNumeric(b)) return undefined;
    // float32 with an integer stays float32; with a double or a decimal it is a double.
    return (a === 'float32' || isInteger(a)) && (b === 'float32' || isInteger(b)) ? 'float32' : 'float64';
  }
  const da = asDecimal(a);
  const db = asDecimal(b);
  if (da !== undefined && db !== undefined) {
    const scale = Math.max(da.scale, db.scale);
    return boundedDecimal(Math.max(da.precision - da.scale, db.precision - db.scale) + scale, scale);
  }
  if (isTemporal(a) && isTemporal(b)) return a === 'date32' ? b : a;
  return nestedCommonType(a, b);
}

/** Lists, structs and maps widen element by element (structs: the same field names in the same order, the left's spelling kept). */
function nestedCommonType(a: DataType, b: DataType): DataType | undefined {
  if (typeof a === 'string' || typeof b === 'string') return undefined;
  if (a.type === 'list' && b.type === 'list') {
    const element = commonType(a.element, b.element);
    return element === undefined ? undefined : { type: 'list', element };
  }
  if (a.type === 'map' && b.type === 'map') {
    const key = commonType(a.key, b.key);
    const value = commonType(a.value, b.value);
    return key === undefined || value === undefined ? undefined : { type: 'map', key, value };
  }
  if (a.type === 'struct' && b.type === 'struct') {
    if (!sameFieldNames(a.fields, b.fields)) return undefined;
    const fields: StructField[] = [];
    for (const [i, field] of a.fields.entries()) {
      const type = commonType(field.type, (b.fields[i] as StructField).type);
      if (type === undefined) return undefined;
      fields.push({ name: field.name, type });
    }
    return { type: 'struct', fields };
  }
  return undefined;
}

/** Same number of fields, named alike in the same order (case-insensitively, as Spark resolves names). */
function sameFieldNames(a: readonly StructField[], b: readonly StructField[]): boolean {
  return a.length === b.length && a.every((f, i) => f.name.toLowerCase() === b[i]?.name.toLowerCase());
}

/** The result type of `a op b` for add, sub, mul and mod. */
export function arithmeticType(op: 'add' | 'sub' | 'mul' | 'mod', a: DataType | undefined, b: DataType | undefined): DataType | undefined {
  if (a === undefined || b === undefined || !isNumeric(a) || !isNumeric(b)) return undefined;
  if (isFloat(a) || isFloat(b) || isInteger(a) && isInteger(b)) return commonType(a, b);
  const da = asDecimal(a) as DecimalType;
  const db = asDecimal(b) as DecimalType;
  switch (op) {
    case 'add':
    case 'sub': {
      const scale = Math.max(da.scale, db.scale);
      return boundedDecimal(Math.max(da.precision - da.scale, db.precision - db.scale) + scale + 1, scale);
    }
    case 'mul':
      return boundedDecimal(da.precision + db.precision + 1, da.scale + db.scale);
    case 'mod': {
      const scale = Math.max(da.scale, db.scale);
      return boundedDecimal(Math.min(da.precision - da.scale, db.precision - db.scale) + scale, scale);
    }
  }
}

/**
 * Exact type equality: decimals must agree on precision and scale, timestamps on unit and time zone, nested
 * types element by element (struct field names exactly). The bare `timestamp` string only equals itself.
 */
export function sameType(a: DataType, b: DataType): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  switch (a.type) {
    case 'decimal': return b.type === 'decimal' && a.precision === b.precision && a.scale === b.scale;
    case 'timestamp': return b.type === 'timestamp' && a.unit === b.unit && a.timezone === b.timezone;
    case 'list': return b.type === 'list' && sameType(a.element, b.element);
    case 'map': return b.type === 'map' && sameType(a.key, b.key) && sameType(a.value, b.value);
    case 'struct':
      return b.type === 'struct' && a.fields.length === b.fields.length
        && a.fields.every((f, i) => f.name === b.fields[i]?.name && sameType(f.type, (b.fields[i] as StructField).type));
  }
}

/**
 * Whether a column of type `actual` may be stored in a declared column of
 * type `declared` (the declared-schema rule): the same type, or a widening
 * that loses nothing — a wider integer, an integer or float to a double, an
 * integer or decimal to a decimal with room for its digits, a date to a
 * timestamp. A narrowing (an int64 sum into an int32 column) is refused:
 * cast it in the query, where the cast is visible.
 */
export function widensTo(actual: DataType, declared: DataType): boolean {
  if (sameType(actual, declared)) return true;
  if (isInteger(declared)) return isInteger(actual) && INTEGER_BITS[actual] <= INTEGER_BITS[declared];
  if (isFloat(declared)) {
    if (declared === 'float32') return actual === 'float32' || isInteger(actual) && INTEGER_BITS[actual] <= 16;
    return isNumeric(actual);
  }
  if (isDecimal(declared)) {
    // Integer digits an integer type holds (int64: 19; arithmetic takes it as decimal(20,0), as Spark does).
    if (isInteger(actual)) return declared.precision - declared.scale >= Math.min(INTEGER_DIGITS[actual], 19);
    return isDecimal(actual) && declared.scale >= actual.scale && declared.precision - declared.scale >= actual.precision - actual.scale;
  }
  if (isTimestamp(declared)) return isTemporal(actual);
  return nestedWidensTo(actual, declared);
}

/** A list, struct or map widens when its elements, fields (same names, same order) or values do; map keys must match. */
function nestedWidensTo(actual: DataType, declared: DataType): boolean {
  if (typeof actual === 'string' || typeof declared === 'string') return false;
  if (declared.type === 'list') return actual.type === 'list' && widensTo(actual.element, declared.element);
  if (declared.type === 'map') return actual.type === 'map' && sameType(actual.key, declared.key) && widensTo(actual.value, declared.value);
  if (declared.type === 'struct') {
    return actual.type === 'struct' && sameFieldNames(actual.fields, declared.fields)
      && actual.fields.every((f, i) => widensTo(f.type, (declared.fields[i] as StructField).type));
  }
  return false;
}
