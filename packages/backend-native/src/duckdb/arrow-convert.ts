import bindings from '@duckdb/node-bindings';
import type { DuckDBDataChunk, DuckDBDecimalType, DuckDBType } from '@duckdb/node-api';
import { DuckDBTypeId } from './node-api.js';
import * as arrow from 'apache-arrow';
import { isNestedDuckDBType, nestedColumn } from './nested-arrow.js';

/**
 * DuckDB data chunks to Arrow record batches. Fixed-width columns are
 * copied buffer to buffer (DuckDB's validity mask has Arrow's bit layout);
 * strings and blobs are copied byte for byte without decoding; lists,
 * structs and maps are built from their values (`nested-arrow.ts`). Types
 * Arrow has no direct equivalent for (intervals, enums, UUIDs, …) become
 * their DuckDB text form.
 */

interface ColumnConverter {
  readonly type: arrow.DataType;
  convert(chunk: DuckDBDataChunk, column: number, rows: number): arrow.Data;
}

/** Whether typed arrays (the `words` of a string vector) read memory little-endian on this machine. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

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

/**
 * A copy of the vector's data buffer: `rows * width` bytes in a fresh,
 * aligned ArrayBuffer. node-bindings' `vector_get_data` already returns a
 * copy (`arrow-convert.test.ts` pins that), so it is copied again only when
 * it does not start the buffer or is not aligned.
 */
function dataCopy(vector: bindings.Vector, rows: number, width: number): ArrayBuffer {
  const bytes = bindings.vector_get_data(vector, rows * width);
  const own = bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength;
  return (own ? bytes : bytes.slice()).buffer as ArrayBuffer;
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
      // duckdb_string_t, 16 bytes: a uint32 length, then the bytes inline (≤ 12) or a 4-byte prefix and a pointer.
      const words = raw.byteOffset % 4 === 0 ? new Uint32Array(raw.buffer, raw.byteOffset, rows * 4) : new Uint32Array(raw.slice().buffer);
      const offsets = new Int32Array(rows + 1);
      let total = 0;
      for (let i = 0; i < rows; i++) {
        if (mask === undefined || ((mask[i >> 3] as number) & (1 << (i & 7))) !== 0) total += words[i * 4] as number;
        offsets[i + 1] = total;
      }
      // 12 spare bytes: an inline string is copied as whole 4-byte words, which may run past its end (the next
      // string, copied later, overwrites them; the last one's land in the spare bytes, left out of the column).
      const buffer = new Uint8Array(total + 12);
      const out = new DataView(buffer.buffer);
      const data = buffer.subarray(0, total);
      const long = new LongStringRuns(raw, data);
      for (let i = 0; i < rows; i++) {
        const at = offsets[i] as number;
        const length = (offsets[i + 1] as number) - at; // 0 for a null
        if (length > 12) {
          long.add(i * 16 + 8, (words[i * 4 + 2] as number) + (words[i * 4 + 3] as number) * 2 ** 32, length, at);
        } else {
          for (let b = 0, word = i * 4 + 1; b < length; b += 4, word++) out.setUint32(at + b, words[word] as number, LITTLE_ENDIAN);
        }
      }
      long.flush();
      return makeDataOf({ type, length: rows, valueOffsets: offsets, data, ...nullProps(mask) });
    },
  };
}

/**
 * Copies strings longer than 12 bytes (kept outside the vector, behind a
 * pointer) into `data`. Each copy is one native call, so strings that lie
 * back to back in DuckDB's string heap (nearly all of them: a chunk's heap
 * is filled in row order) and back to back in `data` are copied as one run.
 */
class LongStringRuns {
  readonly #raw: Uint8Array;
  readonly #data: Uint8Array;
  /** Byte offset in `raw` of the run's first pointer; -1 when no run is open. */
  #slot = -1;
  #end = 0;
  #length = 0;
  #at = 0;

  constructor(raw: Uint8Array, data: Uint8Array) {
    this.#raw = raw;
    this.#data = data;
  }

  /** A string of `length` bytes at `address`, whose pointer is at `slot` in `raw`, for `data` at `at`. */
  add(slot: number, address: number, length: number, at: number): void {
    if (this.#slot >= 0 && address === this.#end && at === this.#at + this.#length) {
      this.#end += length;
      this.#length += length;
      return;
    }
    this.flush();
    this.#slot = slot;
    this.#end = address + length;
    this.#length = length;
    this.#at = at;
  }

  flush(): void {
    if (this.#slot < 0) return;
    const raw = this.#raw;
    this.#data.set(bindings.get_data_from_pointer(raw.buffer as ArrayBuffer, raw.byteOffset + this.#slot, this.#length), this.#at);
    this.#slot = -1;
  }
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
  if (isNestedDuckDBType(type)) return nestedColumn(type);
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
