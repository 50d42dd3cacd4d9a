/**
 * The IR's data types, written out here so this package stays free of
 * `@thund/ir` (its closure is Arrow alone); structurally the same as
 * `DataType` there, so a result is assignable to it.
 */
export type IrType =
  | 'bool' | 'int8' | 'int16' | 'int32' | 'int64' | 'float32' | 'float64' | 'utf8' | 'binary' | 'date32' | 'timestamp'
  | {
      /** Discriminant of a decimal type. */
      readonly type: 'decimal';
      /** Total number of decimal digits (1 to 38). */
      readonly precision: number;
      /** Digits after the decimal point (0 to `precision`). */
      readonly scale: number;
    }
  | {
      /** Discriminant of a timestamp type with explicit unit (the bare `'timestamp'` is microseconds without a time zone). */
      readonly type: 'timestamp';
      /** Resolution of the stored value: seconds, milliseconds, microseconds or nanoseconds. */
      readonly unit: 's' | 'ms' | 'us' | 'ns';
      /** IANA time zone or offset (e.g. `UTC`); absent for a timestamp without time zone. */
      readonly timezone?: string;
    }
  | {
      /** Discriminant of a list type (Spark's ARRAY). */
      readonly type: 'list';
      /** The type of every element. */
      readonly element: IrType;
    }
  | {
      /** Discriminant of a struct type. */
      readonly type: 'struct';
      /** The fields, in order. */
      readonly fields: readonly {
        /** The field's name. */
        readonly name: string;
        /** The field's type. */
        readonly type: IrType;
      }[];
    }
  | {
      /** Discriminant of a map type. */
      readonly type: 'map';
      /** The type of every key. */
      readonly key: IrType;
      /** The type of every value. */
      readonly value: IrType;
    };

/** A stored column as the backend contract reports it (`WrittenField` of `@thund/ir`). */
export interface ArrowField {
  /** Column name. */
  readonly name: string;
  /** The column's type in IR terms (see {@link irType}); absent when the IR has no equivalent. */
  readonly type?: IrType;
  /** Whether the column may hold NULLs, as the Arrow schema declares it. */
  readonly nullable: boolean;
  /** Arrow's name of the type (its `toString()`), e.g. `Int64` or `Decimal[12, 2]`; present even when `type` is not. */
  readonly engineType: string;
}
import type { DataType, Schema } from 'apache-arrow';
import { ArrowTimeUnit as TimeUnit, type ArrowTimeUnitId, ArrowType as Type } from './arrow-type-ids.js';

const UNITS = { [TimeUnit.SECOND]: 's', [TimeUnit.MILLISECOND]: 'ms', [TimeUnit.MICROSECOND]: 'us', [TimeUnit.NANOSECOND]: 'ns' } as const;

/**
 * The IR type of an Arrow type, or `undefined` when the IR has none (an
 * unsigned or 128-bit integer, a time of day, …, or a list, struct or map
 * holding one). Lists of every length kind are `list`; a map is `map` of
 * its entries' key and value types.
 */
export function irType(type: DataType): IrType | undefined {
  if (type.typeId === Type.Bool) return 'bool';
  if (type.typeId === Type.Utf8 || type.typeId === Type.LargeUtf8) return 'utf8';
  if (type.typeId === Type.Binary || type.typeId === Type.LargeBinary) return 'binary';
  if (type.typeId === Type.Int) {
    const { bitWidth, isSigned } = type as unknown as { bitWidth: number; isSigned: boolean };
    return isSigned ? ({ 8: 'int8', 16: 'int16', 32: 'int32', 64: 'int64' } as const)[bitWidth as 8 | 16 | 32 | 64] : undefined;
  }
  if (type.typeId === Type.Float) {
    const { precision } = type as unknown as { precision: number };
    return precision === 1 ? 'float32' : precision === 2 ? 'float64' : undefined;
  }
  if (type.typeId === Type.Date) return (type as unknown as { unit: number }).unit === 0 ? 'date32' : undefined;
  if (type.typeId === Type.Decimal) {
    const { precision, scale } = type as unknown as { precision: number; scale: number };
    return { type: 'decimal', precision, scale };
  }
  if (type.typeId === Type.Timestamp) {
    const { unit, timezone } = type as unknown as { unit: ArrowTimeUnitId; timezone?: string | null };
    const zoned = timezone !== undefined && timezone !== null && timezone !== '';
    if (unit === TimeUnit.MICROSECOND && !zoned) return 'timestamp';
    return zoned ? { type: 'timestamp', unit: UNITS[unit], timezone } : { type: 'timestamp', unit: UNITS[unit] };
  }
  return nestedIrType(type);
}

function nestedIrType(type: DataType): IrType | undefined {
  const children = (type as unknown as { children?: readonly { readonly name: string; readonly type: DataType }[] }).children ?? [];
  if (type.typeId === Type.List || type.typeId === Type.LargeList || type.typeId === Type.FixedSizeList) {
    const element = children[0] === undefined ? undefined : irType(children[0].type);
    return element === undefined ? undefined : { type: 'list', element };
  }
  if (type.typeId === Type.Struct) {
    const fields: { name: string; type: IrType }[] = [];
    for (const child of children) {
      const childType = irType(child.type);
      if (childType === undefined) return undefined;
      fields.push({ name: child.name, type: childType });
    }
    return fields.length === 0 ? undefined : { type: 'struct', fields };
  }
  if (type.typeId === Type.Map) {
    const entries = (children[0]?.type as unknown as { children?: readonly { readonly type: DataType }[] } | undefined)?.children ?? [];
    const key = entries[0] === undefined ? undefined : irType(entries[0].type);
    const value = entries[1] === undefined ? undefined : irType(entries[1].type);
    return key === undefined || value === undefined ? undefined : { type: 'map', key, value };
  }
  return undefined;
}

/** An Arrow schema's columns as the contract reports what a backend wrote (`DatasetRows.fields`). */
export function arrowFields(schema: Schema): ArrowField[] {
  return schema.fields.map((field) => {
    const type = irType(field.type);
    const engineType = String(field.type);
    return type === undefined ? { name: field.name, nullable: field.nullable, engineType } : { name: field.name, type, nullable: field.nullable, engineType };
  });
}
