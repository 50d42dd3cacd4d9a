import type { DataType, Table } from 'apache-arrow';
import { ArrowType as Type } from './arrow-type-ids.js';

/**
 * A value as callers outside Arrow expect it. A list is an array of its
 * elements, a struct an object of its fields (in order), a map an array of
 * `[key, value]` pairs in the engine's order (keys keep their type: a map
 * with integer keys is not an object with string ones).
 */
export type PlainValue = null | boolean | number | bigint | string | Date | Uint8Array | readonly PlainValue[] | { readonly [key: string]: PlainValue };

/** A row as {@link tableToRows} gives it: column name to {@link PlainValue}. */
export type PlainRow = Readonly<Record<string, PlainValue>>;

/** Inserts the decimal point into an unscaled decimal's digits: ("-325", 2) → "-3.25". */
export function scaleDecimal(unscaled: string, scale: number): string {
  if (scale <= 0) return unscaled;
  const negative = unscaled.startsWith('-');
  const digits = (negative ? unscaled.slice(1) : unscaled).padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

type Converter = (value: unknown) => PlainValue;

interface ChildField {
  readonly name: string;
  readonly type: DataType;
}

const childrenOf = (type: DataType): readonly ChildField[] => (type as unknown as { children?: readonly ChildField[] }).children ?? [];

/** A converter that maps NULL (Arrow JS gives `null`, sometimes `undefined`) to `null` and the rest with `convert`. */
function orNull(convert: Converter): Converter {
  return (v) => (v === null || v === undefined ? null : convert(v));
}

function converter(type: DataType): Converter {
  switch (type.typeId) {
    case Type.List:
    case Type.LargeList:
    case Type.FixedSizeList: {
      const element = orNull(converter((childrenOf(type)[0] as ChildField).type));
      return (v) => Array.from(v as Iterable<unknown>, element);
    }
    case Type.Struct: {
      const fields = childrenOf(type).map((f) => ({ name: f.name, convert: orNull(converter(f.type)) }));
      return (v) => {
        const record = v as Readonly<Record<string, unknown>>;
        const out: Record<string, PlainValue> = {};
        for (const { name, convert } of fields) setOwn(out, name, convert(record[name]));
        return out;
      };
    }
    case Type.Map: {
      const [key, value] = childrenOf((childrenOf(type)[0] as ChildField).type).map((f) => orNull(converter(f.type))) as [Converter, Converter];
      return (v) => Array.from(v as Iterable<[unknown, unknown]>, ([k, x]) => [key(k), value(x)] as const);
    }
    case Type.Decimal: {
      const scale = (type as unknown as { scale: number }).scale;
      return (v) => scaleDecimal(String(v), scale);
    }
    case Type.Date:
    case Type.Timestamp:
      // Arrow JS gives dates and timestamps as epoch milliseconds (some readers already as Date).
      return (v) => (v instanceof Date ? v : new Date(Number(v)));
    default:
      return (v) => v as PlainValue;
  }
}

/**
 * Rows of an Arrow table as plain objects: decimals as exact decimal
 * strings ("12.50"), dates and timestamps as Date (UTC), 64-bit integers
 * as bigint, NULL as null; lists as arrays, structs as objects, maps as
 * arrays of `[key, value]` pairs, their values by the same rules. Every column name becomes an own property, even
 * `__proto__`, `constructor` or `toString`: rows stay ordinary objects
 * (`{ [name]: value }` equals them) and no name reaches their prototype.
 * Columns are taken by position, so a result with two columns of one name
 * keeps the last (as an object must).
 */
export function tableToRows(table: Table): PlainRow[] {
  const columns = table.schema.fields.map((field, i) => ({ name: field.name, vector: table.getChildAt(i), convert: converter(field.type) }));
  const rows: PlainRow[] = [];
  for (let i = 0; i < table.numRows; i += 1) {
    const row: Record<string, PlainValue> = {};
    for (const { name, vector, convert } of columns) {
      const value: unknown = vector?.get(i) ?? null;
      setOwn(row, name, value === null ? null : convert(value));
    }
    rows.push(row);
  }
  return rows;
}

/**
 * `row[name] = value`, except that a column named `__proto__` becomes an own
 * property like any other instead of replacing the row's prototype.
 */
export function setOwn(row: Record<string, PlainValue>, name: string, value: PlainValue): void {
  if (name === '__proto__') Object.defineProperty(row, name, { value, enumerable: true, writable: true, configurable: true });
  else row[name] = value;
}
