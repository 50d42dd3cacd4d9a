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

export const PRIMITIVE_TYPES: readonly PrimitiveType[] = [
  'bool', 'int8', 'int16', 'int32', 'int64', 'float32', 'float64', 'utf8', 'binary', 'date32', 'timestamp',
];

/** Arrow decimal128 with precision and scale. */
export interface DecimalType {
  readonly type: 'decimal';
  readonly precision: number;
  readonly scale: number;
}

/**
 * Arrow timestamp with an explicit unit and optional time zone. The bare
 * string `timestamp` means microseconds without a time zone.
 */
export interface TimestampType {
  readonly type: 'timestamp';
  readonly unit: 's' | 'ms' | 'us' | 'ns';
  readonly timezone?: string;
}

export type DataType = PrimitiveType | DecimalType | TimestampType;

/** One column of a dataset's declared schema. Order matters. */
export interface Field {
  readonly name: string;
  readonly type: DataType;
  /** Default is `true`. */
  readonly nullable?: boolean;
}

export function dataTypeLabel(type: DataType): string {
  if (typeof type === 'string') return type;
  if (type.type === 'decimal') return `decimal(${type.precision},${type.scale})`;
  return type.timezone === undefined ? `timestamp[${type.unit}]` : `timestamp[${type.unit}, ${type.timezone}]`;
}
