/** Arrow primitive types a dataset field may have. */
export type PrimitiveType =
  | 'bool'
  | 'int8'
  | 'int16'
  | 'int32'
  | 'int64'
  | 'float32'
  | 'float64'
  | 'utf8'
  | 'binary'
  | 'date32'
  | 'timestamp';

/** Every {@link PrimitiveType}, in declaration order. */
export const PRIMITIVE_TYPES: readonly PrimitiveType[] = [
  'bool', 'int8', 'int16', 'int32', 'int64', 'float32', 'float64', 'utf8', 'binary', 'date32', 'timestamp',
];

/** Arrow decimal128 with precision and scale. */
export interface DecimalType {
  /** Discriminant of a decimal type. */
  readonly type: 'decimal';
  /** Total number of decimal digits (1 to 38). */
  readonly precision: number;
  /** Digits after the decimal point (0 to `precision`). */
  readonly scale: number;
}

/**
 * Arrow timestamp with an explicit unit and optional time zone. The bare
 * string `timestamp` means microseconds without a time zone.
 */
export interface TimestampType {
  /** Discriminant of a timestamp type with explicit unit. */
  readonly type: 'timestamp';
  /** Resolution of the stored value: seconds, milliseconds, microseconds or nanoseconds. */
  readonly unit: 's' | 'ms' | 'us' | 'ns';
  /** IANA time zone or offset (e.g. `UTC`); absent for a timestamp without time zone. */
  readonly timezone?: string;
}

/**
 * Arrow List (Spark's ARRAY): values that are ordered lists of elements of
 * one type. Elements may be NULL.
 */
export interface ListType {
  /** Discriminant of a list type. */
  readonly type: 'list';
  /** The type of every element. */
  readonly element: DataType;
}

/** One field of a {@link StructType}: a name and a type (its values may be NULL). */
export interface StructField {
  /** Field name, unique within its struct (case-insensitively, as Spark resolves it). */
  readonly name: string;
  /** The field's type. */
  readonly type: DataType;
}

/** Arrow Struct (Spark's STRUCT): values with named fields, in order. */
export interface StructType {
  /** Discriminant of a struct type. */
  readonly type: 'struct';
  /** The fields, in order; at least one. */
  readonly fields: readonly StructField[];
}

/**
 * Arrow Map (Spark's MAP): values that are lists of key/value entries,
 * keys unique and never NULL, values possibly NULL.
 */
export interface MapType {
  /** Discriminant of a map type. */
  readonly type: 'map';
  /** The type of every key (not a map: Spark refuses map keys). */
  readonly key: DataType;
  /** The type of every value. */
  readonly value: DataType;
}

/** A nested type: list, struct or map. */
export type NestedType = ListType | StructType | MapType;

/** The type of a dataset field: a primitive name, a decimal or timestamp with parameters, or a nested type. */
export type DataType = PrimitiveType | DecimalType | TimestampType | NestedType;

/** One column of a dataset's declared schema. Order matters. */
export interface Field {
  /** Column name, unique within the schema. */
  readonly name: string;
  /** The column's Arrow type. */
  readonly type: DataType;
  /** Default is `true`. */
  readonly nullable?: boolean;
}

/**
 * A readable label for a data type, e.g. `decimal(10,2)`, `timestamp[ms, UTC]`
 * or `struct<a: int32, tags: list<utf8>>`, for messages and listings.
 */
export function dataTypeLabel(type: DataType): string {
  if (typeof type === 'string') return type;
  switch (type.type) {
    case 'decimal': return `decimal(${type.precision},${type.scale})`;
    case 'timestamp': return type.timezone === undefined ? `timestamp[${type.unit}]` : `timestamp[${type.unit}, ${type.timezone}]`;
    case 'list': return `list<${dataTypeLabel(type.element)}>`;
    case 'struct': return `struct<${type.fields.map((f) => `${f.name}: ${dataTypeLabel(f.type)}`).join(', ')}>`;
    case 'map': return `map<${dataTypeLabel(type.key)}, ${dataTypeLabel(type.value)}>`;
  }
}

/** Whether a type is a list, struct or map. */
export function isNestedType(type: DataType): type is NestedType {
  return typeof type === 'object' && (type.type === 'list' || type.type === 'struct' || type.type === 'map');
}
