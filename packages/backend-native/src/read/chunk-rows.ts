import type {
  DuckDBArrayType, DuckDBBlobValue, DuckDBDataChunk, DuckDBDateValue, DuckDBDecimalType, DuckDBDecimalValue, DuckDBListType, DuckDBListValue,
  DuckDBMapType, DuckDBMapValue, DuckDBStructType, DuckDBStructValue, DuckDBTimeValue, DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue, DuckDBTimestampSecondsValue, DuckDBTimestampValue, DuckDBType, DuckDBValue,
} from '@duckdb/node-api';
import { DuckDBTypeId } from '../duckdb/node-api.js';
import { type ArrowField, type PlainRow, type PlainValue, scaleDecimal, setOwn } from '@thund/arrow-rows';

/**
 * DuckDB chunks straight to plain rows, without Arrow: the values and
 * field descriptions `tableToRows` and `arrowFields` give for the Arrow
 * table `arrow-convert.ts` makes of the same chunks (`chunk-rows.test.ts`
 * compares the two on every type). `readRows` (the CLI's preview after a
 * run) so never loads apache-arrow, about 120 ms of start-up.
 */
export class ChunkRows {
  readonly fields: readonly ArrowField[];
  readonly #columns: readonly { readonly name: string; readonly plain: (value: DuckDBValue) => PlainValue }[];

  constructor(names: readonly string[], types: readonly DuckDBType[]) {
    const columns = types.map((type, i) => ({ name: names[i] as string, ...columnFor(type) }));
    this.#columns = columns.map(({ name, plain }) => ({ name, plain }));
    this.fields = columns.map(({ name, field }) => ({ name, nullable: true, ...field }));
  }

  /** The chunk's rows, appended to `rows`. */
  append(chunk: DuckDBDataChunk, rows: PlainRow[]): void {
    const values = this.#columns.map((_, i) => chunk.getColumnValues(i));
    for (let r = 0; r < chunk.rowCount; r++) {
      const row: Record<string, PlainValue> = {};
      this.#columns.forEach(({ name, plain }, i) => {
        const value = values[i]?.[r] ?? null;
        setOwn(row, name, value === null ? null : plain(value));
      });
      rows.push(row);
    }
  }
}

type Column = { readonly field: Pick<ArrowField, 'type' | 'engineType'>; readonly plain: (value: DuckDBValue) => PlainValue };

const as = (value: DuckDBValue): PlainValue => value as PlainValue;
const text = (value: DuckDBValue): PlainValue => String(value);
/** Epoch milliseconds as Arrow JS gives them (a bigint divided, truncated toward zero), as a Date. */
const dateOfMs = (ms: bigint): Date => new Date(Number(ms));

function columnFor(type: DuckDBType): Column {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN: return { field: { type: 'bool', engineType: 'Bool' }, plain: as };
    case DuckDBTypeId.TINYINT: return { field: { type: 'int8', engineType: 'Int8' }, plain: as };
    case DuckDBTypeId.SMALLINT: return { field: { type: 'int16', engineType: 'Int16' }, plain: as };
    case DuckDBTypeId.INTEGER: return { field: { type: 'int32', engineType: 'Int32' }, plain: as };
    case DuckDBTypeId.BIGINT: return { field: { type: 'int64', engineType: 'Int64' }, plain: as };
    case DuckDBTypeId.UTINYINT: return { field: { engineType: 'Uint8' }, plain: as };
    case DuckDBTypeId.USMALLINT: return { field: { engineType: 'Uint16' }, plain: as };
    case DuckDBTypeId.UINTEGER: return { field: { engineType: 'Uint32' }, plain: as };
    case DuckDBTypeId.UBIGINT: return { field: { engineType: 'Uint64' }, plain: as };
    case DuckDBTypeId.FLOAT: return { field: { type: 'float32', engineType: 'Float32' }, plain: as };
    case DuckDBTypeId.DOUBLE: return { field: { type: 'float64', engineType: 'Float64' }, plain: as };
    case DuckDBTypeId.DATE: return { field: { type: 'date32', engineType: 'Date32<DAY>' }, plain: (v) => new Date(86_400_000 * (v as DuckDBDateValue).days) };
    case DuckDBTypeId.TIME: return { field: { engineType: 'Time64<MICROSECOND>' }, plain: (v) => (v as DuckDBTimeValue).micros };
    case DuckDBTypeId.TIMESTAMP: return { field: { type: 'timestamp', engineType: 'Timestamp<MICROSECOND>' }, plain: (v) => dateOfMs((v as DuckDBTimestampValue).micros / 1000n) };
    case DuckDBTypeId.TIMESTAMP_TZ: return { field: { type: { type: 'timestamp', unit: 'us', timezone: 'UTC' }, engineType: 'Timestamp<MICROSECOND, UTC>' }, plain: (v) => dateOfMs((v as DuckDBTimestampValue).micros / 1000n) };
    case DuckDBTypeId.TIMESTAMP_S: return { field: { type: { type: 'timestamp', unit: 's' }, engineType: 'Timestamp<SECOND>' }, plain: (v) => dateOfMs((v as DuckDBTimestampSecondsValue).seconds * 1000n) };
    case DuckDBTypeId.TIMESTAMP_MS: return { field: { type: { type: 'timestamp', unit: 'ms' }, engineType: 'Timestamp<MILLISECOND>' }, plain: (v) => dateOfMs((v as DuckDBTimestampMillisecondsValue).millis) };
    case DuckDBTypeId.TIMESTAMP_NS: return { field: { type: { type: 'timestamp', unit: 'ns' }, engineType: 'Timestamp<NANOSECOND>' }, plain: (v) => dateOfMs((v as DuckDBTimestampNanosecondsValue).nanos / 1_000_000n) };
    case DuckDBTypeId.HUGEINT: return { field: { type: { type: 'decimal', precision: 38, scale: 0 }, engineType: 'Decimal[38e0]' }, plain: text };
    case DuckDBTypeId.DECIMAL: {
      const { width, scale } = type as DuckDBDecimalType;
      return { field: { type: { type: 'decimal', precision: width, scale }, engineType: `Decimal[${width}e${scale > 0 ? '+' : ''}${scale}]` }, plain: (v) => scaleDecimal(String((v as DuckDBDecimalValue).value), scale) };
    }
    case DuckDBTypeId.VARCHAR: return { field: { type: 'utf8', engineType: 'Utf8' }, plain: as };
    case DuckDBTypeId.BLOB: return { field: { type: 'binary', engineType: 'Binary' }, plain: (v) => plainBytes((v as DuckDBBlobValue).bytes) };
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.ARRAY: return listColumn(columnFor((type as DuckDBListType | DuckDBArrayType).valueType));
    case DuckDBTypeId.STRUCT: return structColumn(type as DuckDBStructType);
    case DuckDBTypeId.MAP: return mapColumn(columnFor((type as DuckDBMapType).keyType), columnFor((type as DuckDBMapType).valueType));
    // Types Arrow has no direct equivalent for: their DuckDB text form, as arrow-convert.ts gives them.
    default: return { field: { type: 'utf8', engineType: 'Utf8' }, plain: text };
  }
}

/** `plain` of a value inside a nested one, NULL kept. */
const orNull = (column: Column) => (value: DuckDBValue | null): PlainValue => (value === null ? null : column.plain(value));

/** A list as an array of its elements; typed when its elements are, named as Arrow names `List<…>`. */
function listColumn(element: Column): Column {
  const item = orNull(element);
  const type = element.field.type === undefined ? {} : { type: { type: 'list', element: element.field.type } as const };
  return { field: { ...type, engineType: `List<${element.field.engineType}>` }, plain: (v) => (v as DuckDBListValue).items.map(item) };
}

/** A struct as an object of its fields (own properties, in order); typed when every field is. */
function structColumn(type: DuckDBStructType): Column {
  const fields = type.entryNames.map((name, i) => ({ name, column: columnFor(type.entryTypes[i] as DuckDBType) }));
  const typed = fields.every((f) => f.column.field.type !== undefined)
    ? { type: { type: 'struct', fields: fields.map((f) => ({ name: f.name, type: f.column.field.type as NonNullable<ArrowField['type']> })) } as const }
    : {};
  const engineType = `Struct<{${fields.map((f) => `${f.name}:${f.column.field.engineType}`).join(', ')}}>`;
  const plains = fields.map((f) => ({ name: f.name, plain: orNull(f.column) }));
  return {
    field: { ...typed, engineType },
    plain: (v) => {
      const out: Record<string, PlainValue> = {};
      const { entries } = v as DuckDBStructValue;
      for (const { name, plain } of plains) setOwn(out, name, plain(entries[name] ?? null));
      return out;
    },
  };
}

/** A map as an array of `[key, value]` pairs in DuckDB's order (the `@thund/arrow-rows` rule). */
function mapColumn(key: Column, value: Column): Column {
  const [k, x] = [orNull(key), orNull(value)];
  const typed = key.field.type !== undefined && value.field.type !== undefined ? { type: { type: 'map', key: key.field.type, value: value.field.type } as const } : {};
  return {
    field: { ...typed, engineType: `Map<{key:${key.field.engineType}, value:${value.field.engineType}}>` },
    plain: (v) => (v as DuckDBMapValue).entries.map((e) => [k(e.key), x(e.value)]),
  };
}

/** The bytes as a plain Uint8Array (node-api gives a Buffer), sharing their memory. */
function plainBytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
