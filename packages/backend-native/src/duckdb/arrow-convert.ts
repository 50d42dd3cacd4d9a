import bindings from '@duckdb/node-bindings';
import { type DuckDBDataChunk, type DuckDBDecimalType, type DuckDBType, DuckDBTypeId } from '@duckdb/node-api';
import * as arrow from 'apache-arrow';

/**
 * DuckDB data chunks to Arrow record batches. Fixed-width columns are
 * copied buffer to buffer (DuckDB's validity mask has Arrow's bit layout);
 * strings and blobs are copied byte for byte without decoding. Types Arrow
 * has no direct equivalent for (lists, structs, intervals, enums, …) become
 * their DuckDB text form.
 */

interface ColumnConverter {
  readonly type: arrow.DataType;
  convert(chunk: DuckDBDataChunk, column: number, rows: number): arrow.Data;
}

type TypedArrayCtor = { new (buffer: ArrayBuffer, byteOffset: number, length: number): ArrayBufferView; readonly BYTES_PER_ELEMENT: number };

/** Converts chunks of one result; build it once per result, call `batch` per chunk. */
export class ChunkConverter {
  readonly schema: arrow.Schema;
  readonly #converters: readonly ColumnConverter[];

  constructor(names: readonly string[], types: readonly DuckDBType[]) {
    this.#converters = types.map(converterFor);
    this.schema = new arrow.Schema(names.map((name, i) => new arrow.Field(name, (this.#converters[i] as ColumnConverter).type, true)));
  }

  batch(chunk: DuckDBDataChunk): arrow.RecordBatch {
    const rows = chunk.rowCount;
    const children = this.#converters.map((c, i) => c.convert(chunk, i, rows));
    const struct = arrow.makeData({ type: new arrow.Struct(this.schema.fields), length: rows, nullCount: 0, children });
    return new arrow.RecordBatch(this.schema, struct);
  }
}

/** `makeData` for a type only known as a DataType: the props were built for that type above. */
const makeDataOf = arrow.makeData as (props: {
  readonly type: arrow.DataType;
  readonly length: number;
  readonly nullCount: number;
  readonly nullBitmap?: Uint8Array;
  readonly data: ArrayBufferView;
  readonly valueOffsets?: Int32Array;
}) => arrow.Data;

function rawVector(chunk: DuckDBDataChunk, column: number): bindings.Vector {
  return bindings.data_chunk_get_vector(chunk.chunk, column);
}

/** A copy of the validity mask, or `undefined` when every row is valid. */
function validity(vector: bindings.Vector, rows: number): Uint8Array | undefined {
  const mask = bindings.vector_get_validity(vector, Math.ceil(rows / 64) * 8) as Uint8Array | null;
  return mask === null || mask === undefined ? undefined : mask.slice(0, Math.ceil(rows / 8));
}

/** A copy of the vector's data buffer: `rows * width` bytes in a fresh, aligned ArrayBuffer. */
function dataCopy(vector: bindings.Vector, rows: number, width: number): ArrayBuffer {
  return bindings.vector_get_data(vector, rows * width).slice().buffer as ArrayBuffer;
}

function nullProps(mask: Uint8Array | undefined): { nullBitmap?: Uint8Array; nullCount: number } {
  return mask === undefined ? { nullCount: 0 } : { nullBitmap: mask, nullCount: -1 };
}

function fixedWidth<T extends arrow.DataType>(type: T, ctor: TypedArrayCtor): ColumnConverter {
  return {
    type,
    convert(chunk, column, rows) {
      const vector = rawVector(chunk, column);
      const data = new ctor(dataCopy(vector, rows, ctor.BYTES_PER_ELEMENT), 0, rows);
      return makeDataOf({ type, length: rows, data, ...nullProps(validity(vector, rows)) });
    },
  };
}

const bool: ColumnConverter = {
  type: new arrow.Bool(),
  convert(chunk, column, rows) {
    const vector = rawVector(chunk, column);
    const bytes = bindings.vector_get_data(vector, rows);
    const bits = new Uint8Array(Math.ceil(rows / 8));
    for (let i = 0; i < rows; i++) if (bytes[i] !== 0) bits[i >> 3] = (bits[i >> 3] as number) | (1 << (i & 7));
    return arrow.makeData({ type: new arrow.Bool(), length: rows, data: bits, ...nullProps(validity(vector, rows)) });
  },
};

function variableWidth<T extends arrow.Utf8 | arrow.Binary>(type: T): ColumnConverter {
  return {
    type,
    convert(chunk, column, rows) {
      const vector = rawVector(chunk, column);
      const mask = validity(vector, rows);
      const raw = bindings.vector_get_data(vector, rows * 16);
      const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
      const valid = (i: number): boolean => mask === undefined || ((mask[i >> 3] as number) & (1 << (i & 7))) !== 0;
      const offsets = new Int32Array(rows + 1);
      let total = 0;
      for (let i = 0; i < rows; i++) {
        if (valid(i)) total += view.getUint32(i * 16, true);
        offsets[i + 1] = total;
      }
      const data = new Uint8Array(total);
      for (let i = 0; i < rows; i++) {
        if (!valid(i)) continue;
        const length = view.getUint32(i * 16, true);
        const at = offsets[i] as number;
        if (length <= 12) data.set(raw.subarray(i * 16 + 4, i * 16 + 4 + length), at);
        else data.set(bindings.get_data_from_pointer(raw.buffer as ArrayBuffer, raw.byteOffset + i * 16 + 8, length), at);
      }
      return makeDataOf({ type, length: rows, valueOffsets: offsets, data, ...nullProps(mask) });
    },
  };
}

function decimal(precision: number, scale: number): ColumnConverter {
  const type = new arrow.Decimal(scale, precision, 128);
  const width = precision <= 4 ? 2 : precision <= 9 ? 4 : precision <= 18 ? 8 : 16;
  return {
    type,
    convert(chunk, column, rows) {
      const vector = rawVector(chunk, column);
      const source = dataCopy(vector, rows, width);
      let words: Uint32Array;
      if (width === 16) {
        words = new Uint32Array(source, 0, rows * 4);
      } else if (width === 8) {
        const from = new BigInt64Array(source, 0, rows);
        const to = new BigInt64Array(rows * 2);
        for (let i = 0; i < rows; i++) {
          const v = from[i] as bigint;
          to[2 * i] = v;
          to[2 * i + 1] = v < 0n ? -1n : 0n;
        }
        words = new Uint32Array(to.buffer);
      } else {
        const from = width === 4 ? new Int32Array(source, 0, rows) : new Int16Array(source, 0, rows);
        const to = new Int32Array(rows * 4);
        for (let i = 0; i < rows; i++) {
          const v = from[i] as number;
          const sign = v < 0 ? -1 : 0;
          to[4 * i] = v;
          to[4 * i + 1] = sign;
          to[4 * i + 2] = sign;
          to[4 * i + 3] = sign;
        }
        words = new Uint32Array(to.buffer);
      }
      return arrow.makeData({ type, length: rows, data: words, ...nullProps(validity(vector, rows)) });
    },
  };
}

/** Fallback: the DuckDB text form of each value. */
const text: ColumnConverter = {
  type: new arrow.Utf8(),
  convert(chunk, column) {
    const values = chunk.getColumnValues(column).map((v) => (v === null ? null : String(v)));
    return arrow.vectorFromArray(values, new arrow.Utf8()).data[0] as arrow.Data;
  },
};

function converterFor(type: DuckDBType): ColumnConverter {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN: return bool;
    case DuckDBTypeId.TINYINT: return fixedWidth(new arrow.Int8(), Int8Array);
    case DuckDBTypeId.SMALLINT: return fixedWidth(new arrow.Int16(), Int16Array);
    case DuckDBTypeId.INTEGER: return fixedWidth(new arrow.Int32(), Int32Array);
    case DuckDBTypeId.BIGINT: return fixedWidth(new arrow.Int64(), BigInt64Array);
    case DuckDBTypeId.UTINYINT: return fixedWidth(new arrow.Uint8(), Uint8Array);
    case DuckDBTypeId.USMALLINT: return fixedWidth(new arrow.Uint16(), Uint16Array);
    case DuckDBTypeId.UINTEGER: return fixedWidth(new arrow.Uint32(), Uint32Array);
    case DuckDBTypeId.UBIGINT: return fixedWidth(new arrow.Uint64(), BigUint64Array);
    case DuckDBTypeId.FLOAT: return fixedWidth(new arrow.Float32(), Float32Array);
    case DuckDBTypeId.DOUBLE: return fixedWidth(new arrow.Float64(), Float64Array);
    case DuckDBTypeId.DATE: return fixedWidth(new arrow.DateDay(), Int32Array);
    case DuckDBTypeId.TIME: return fixedWidth(new arrow.TimeMicrosecond(), BigInt64Array);
    case DuckDBTypeId.TIMESTAMP: return fixedWidth(new arrow.TimestampMicrosecond(), BigInt64Array);
    case DuckDBTypeId.TIMESTAMP_S: return fixedWidth(new arrow.TimestampSecond(), BigInt64Array);
    case DuckDBTypeId.TIMESTAMP_MS: return fixedWidth(new arrow.TimestampMillisecond(), BigInt64Array);
    case DuckDBTypeId.TIMESTAMP_NS: return fixedWidth(new arrow.TimestampNanosecond(), BigInt64Array);
    case DuckDBTypeId.TIMESTAMP_TZ: return fixedWidth(new arrow.TimestampMicrosecond('UTC'), BigInt64Array);
    case DuckDBTypeId.HUGEINT: return decimal(38, 0);
    case DuckDBTypeId.DECIMAL: {
      const { width, scale } = type as DuckDBDecimalType;
      return decimal(width, scale);
    }
    case DuckDBTypeId.VARCHAR: return variableWidth(new arrow.Utf8());
    case DuckDBTypeId.BLOB: return variableWidth(new arrow.Binary());
    default: return text;
  }
}
