import type {
  DuckDBArrayType, DuckDBBlobValue, DuckDBDataChunk, DuckDBDateValue, DuckDBDecimalType, DuckDBDecimalValue, DuckDBListType, DuckDBListValue,
  DuckDBMapType, DuckDBMapValue, DuckDBStructType, DuckDBStructValue, DuckDBTimestampMillisecondsValue, DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue, DuckDBTimestampValue, DuckDBTimeValue, DuckDBType, DuckDBValue,
} from '@duckdb/node-api';
import * as arrow from 'apache-arrow';
import { DuckDBTypeId } from './node-api.js';

/**
 * Lists, structs and maps of a DuckDB result as Arrow data, built from the
 * values node-api reads (`getColumnValues`): a nested vector's child
 * entries need not be contiguous (a constant list repeats one entry), so
 * they are not copied buffer to buffer like the flat columns of
 * `arrow-convert.ts`. Values inside keep the flat columns' types and
 * precision (microsecond timestamps, exact decimals); types Arrow has no
 * equivalent for are their DuckDB text form, as at the top level.
 */
export interface NestedColumn {
  /** The column's Arrow type. */
  readonly type: arrow.DataType;
  /** The column of one chunk. */
  convert(chunk: DuckDBDataChunk, column: number, rows: number): arrow.Data;
}

type Value = DuckDBValue | null;

interface Builder {
  readonly type: arrow.DataType;
  build(values: readonly Value[]): arrow.Data;
}

/** Whether a DuckDB type is built here: a list, fixed-size array, struct or map. */
export function isNestedDuckDBType(type: DuckDBType): boolean {
  return type.typeId === DuckDBTypeId.LIST || type.typeId === DuckDBTypeId.ARRAY || type.typeId === DuckDBTypeId.STRUCT || type.typeId === DuckDBTypeId.MAP;
}

/** The converter of a nested column's chunks. */
export function nestedColumn(type: DuckDBType): NestedColumn {
  const builder = builderFor(type);
  return { type: builder.type, convert: (chunk, column) => builder.build(chunk.getColumnValues(column)) };
}

/** A validity bitmap of `values` (bit set where not NULL), or `undefined` when none is NULL. */
function validityOf(values: readonly Value[]): { nullBitmap?: Uint8Array; nullCount: number } {
  let nulls = 0;
  const bits = new Uint8Array(Math.ceil(values.length / 8));
  values.forEach((v, i) => {
    if (v === null || v === undefined) nulls += 1;
    else bits[i >> 3] = (bits[i >> 3] as number) | (1 << (i & 7));
  });
  return nulls === 0 ? { nullCount: 0 } : { nullBitmap: bits, nullCount: nulls };
}

/** `makeData` for a type only known as a DataType: the props are built for that type. */
const makeDataOf = arrow.makeData as (props: Record<string, unknown> & { readonly type: arrow.DataType; readonly length: number }) => arrow.Data;

/** Fixed-width values: `pick` gives each non-NULL value's stored number (0 stands in for NULL). */
function fixed<T extends number | bigint>(
  type: arrow.DataType,
  make: (length: number) => { [i: number]: T } & ArrayBufferView,
  pick: (value: DuckDBValue) => T,
  zero: T,
): Builder {
  return {
    type,
    build(values) {
      const data = make(values.length);
      values.forEach((v, i) => {
        data[i] = v === null || v === undefined ? zero : pick(v);
      });
      return makeDataOf({ type, length: values.length, data, ...validityOf(values) });
    },
  };
}

/** Values `vectorFromArray` takes as they are (numbers, strings, booleans, bytes). */
function direct(type: arrow.DataType, plain: (value: DuckDBValue) => unknown = (v) => v): Builder {
  return {
    type,
    build(values) {
      const vector = arrow.vectorFromArray(values.map((v) => (v === null || v === undefined ? null : plain(v))) as unknown[], type as arrow.Utf8);
      return vector.data[0] as arrow.Data;
    },
  };
}

/** A decimal's unscaled value as Arrow's four little-endian 32-bit words, two's complement. */
function decimal(precision: number, scale: number, unscaled: (value: DuckDBValue) => bigint): Builder {
  const type = new arrow.Decimal(scale, precision, 128);
  return {
    type,
    build(values) {
      const words = new Uint32Array(values.length * 4);
      values.forEach((v, i) => {
        if (v === null || v === undefined) return;
        const twos = BigInt.asUintN(128, unscaled(v));
        for (let w = 0; w < 4; w += 1) words[i * 4 + w] = Number((twos >> BigInt(32 * w)) & 0xffffffffn);
      });
      return arrow.makeData({ type, length: values.length, data: words, ...validityOf(values) });
    },
  };
}

const i64 = (n: number): BigInt64Array => new BigInt64Array(n);

function builderFor(type: DuckDBType): Builder {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN: return direct(new arrow.Bool());
    case DuckDBTypeId.TINYINT: return direct(new arrow.Int8());
    case DuckDBTypeId.SMALLINT: return direct(new arrow.Int16());
    case DuckDBTypeId.INTEGER: return direct(new arrow.Int32());
    case DuckDBTypeId.BIGINT: return direct(new arrow.Int64());
    case DuckDBTypeId.UTINYINT: return direct(new arrow.Uint8());
    case DuckDBTypeId.USMALLINT: return direct(new arrow.Uint16());
    case DuckDBTypeId.UINTEGER: return direct(new arrow.Uint32());
    case DuckDBTypeId.UBIGINT: return direct(new arrow.Uint64());
    case DuckDBTypeId.FLOAT: return direct(new arrow.Float32());
    case DuckDBTypeId.DOUBLE: return direct(new arrow.Float64());
    case DuckDBTypeId.VARCHAR: return direct(new arrow.Utf8());
    case DuckDBTypeId.BLOB: return direct(new arrow.Binary(), (v) => (v as DuckDBBlobValue).bytes);
    case DuckDBTypeId.DATE: return fixed(new arrow.DateDay(), (n) => new Int32Array(n), (v) => (v as DuckDBDateValue).days, 0);
    case DuckDBTypeId.TIME: return fixed(new arrow.TimeMicrosecond(), i64, (v) => (v as DuckDBTimeValue).micros, 0n);
    case DuckDBTypeId.TIMESTAMP: return fixed(new arrow.TimestampMicrosecond(), i64, (v) => (v as DuckDBTimestampValue).micros, 0n);
    case DuckDBTypeId.TIMESTAMP_TZ: return fixed(new arrow.TimestampMicrosecond('UTC'), i64, (v) => (v as DuckDBTimestampValue).micros, 0n);
    case DuckDBTypeId.TIMESTAMP_S: return fixed(new arrow.TimestampSecond(), i64, (v) => (v as DuckDBTimestampSecondsValue).seconds, 0n);
    case DuckDBTypeId.TIMESTAMP_MS: return fixed(new arrow.TimestampMillisecond(), i64, (v) => (v as DuckDBTimestampMillisecondsValue).millis, 0n);
    case DuckDBTypeId.TIMESTAMP_NS: return fixed(new arrow.TimestampNanosecond(), i64, (v) => (v as DuckDBTimestampNanosecondsValue).nanos, 0n);
    case DuckDBTypeId.HUGEINT: return decimal(38, 0, (v) => v as bigint);
    case DuckDBTypeId.DECIMAL: {
      const { width, scale } = type as DuckDBDecimalType;
      return decimal(width, scale, (v) => (v as DuckDBDecimalValue).value);
    }
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.ARRAY:
      return list(builderFor((type as DuckDBListType | DuckDBArrayType).valueType));
    case DuckDBTypeId.STRUCT: {
      const { entryNames, entryTypes } = type as DuckDBStructType;
      return struct(entryNames.map((name, i) => ({ name, builder: builderFor(entryTypes[i] as DuckDBType) })));
    }
    case DuckDBTypeId.MAP: {
      const { keyType, valueType } = type as DuckDBMapType;
      return map(builderFor(keyType), builderFor(valueType));
    }
    default: return direct(new arrow.Utf8(), (v) => String(v));
  }
}

/** Offsets of lists of the given lengths (NULL lists are empty). */
function offsetsOf(lengths: readonly number[]): Int32Array {
  const offsets = new Int32Array(lengths.length + 1);
  lengths.forEach((n, i) => {
    offsets[i + 1] = (offsets[i] as number) + n;
  });
  return offsets;
}

function list(element: Builder): Builder {
  const type = new arrow.List(new arrow.Field('element', element.type, true));
  return {
    type,
    build(values) {
      const items = values.map((v) => (v === null || v === undefined ? [] : (v as DuckDBListValue).items));
      const child = element.build(items.flat());
      return arrow.makeData({ type, length: values.length, valueOffsets: offsetsOf(items.map((i) => i.length)), child, ...validityOf(values) });
    },
  };
}

function struct(fields: readonly { readonly name: string; readonly builder: Builder }[]): Builder {
  const type = new arrow.Struct(fields.map((f) => new arrow.Field(f.name, f.builder.type, true)));
  return {
    type,
    build(values) {
      const children = fields.map((f) => f.builder.build(values.map((v) => (v === null || v === undefined ? null : (v as DuckDBStructValue).entries[f.name] ?? null))));
      return arrow.makeData({ type, length: values.length, children, ...validityOf(values) });
    },
  };
}

function map(key: Builder, value: Builder): Builder {
  const entries = new arrow.Struct([new arrow.Field('key', key.type, false), new arrow.Field('value', value.type, true)]);
  const type = new arrow.Map_(new arrow.Field('entries', entries, false));
  return {
    type,
    build(values) {
      const lists = values.map((v) => (v === null || v === undefined ? [] : (v as DuckDBMapValue).entries));
      const flat = lists.flat();
      const child = arrow.makeData({
        type: entries, length: flat.length, nullCount: 0,
        children: [key.build(flat.map((e) => e.key)), value.build(flat.map((e) => e.value))],
      });
      return arrow.makeData({ type, length: values.length, valueOffsets: offsetsOf(lists.map((l) => l.length)), child, ...validityOf(values) });
    },
  };
}
