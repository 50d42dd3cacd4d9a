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

/** The type of a dataset field: a primitive name, or a decimal or timestamp with parameters. */
export type DataType = PrimitiveType | DecimalType | TimestampType;

/** One column of a dataset's declared schema. Order matters. */
export interface Field {
  /** Column name, unique within the schema. */
  readonly name: string;
  /** The column's Arrow type. */
  readonly type: DataType;
  /** Default is `true`. */
  readonly nullable?: boolean;
}

/** A readable label for a data type, e.g. `decimal(10,2)` or `timestamp[ms, UTC]`, for messages and listings. */
export function dataTypeLabel(type: DataType): string {
  if (typeof type === 'string') return type;
  if (type.type === 'decimal') return `decimal(${type.precision},${type.scale})`;
  return type.timezone === undefined ? `timestamp[${type.unit}]` : `timestamp[${type.unit}, ${type.timezone}]`;
}
