import {
  Binary, Bool, type DataType as ArrowType, Date_, DateUnit, Decimal, Field, Float64, Int32, Int64, RecordBatch, Schema, Struct, Table, TimestampMicrosecond, Utf8,
  makeData, tableToIPC,
} from 'apache-arrow';
import type { DataType } from '@thund/ir';
import type { InputValue } from '@thund/backend-testkit';

/** Microseconds since 1970-01-01 of `YYYY-MM-DD[ HH:MM:SS[.ffffff]]` read as UTC. */
export function microsOf(text: string): bigint {
  const [date = '', time = '00:00:00'] = text.split(' ');
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [hms = '', fraction = ''] = time.split('.');
  const [h = 0, mi = 0, s = 0] = hms.split(':').map(Number);
  const day = new Date(0);
  day.setUTCFullYear(y, m - 1, d);
  const seconds = BigInt(Math.round(day.getTime() / 1000)) + BigInt(h * 3600 + mi * 60 + s);
  return seconds * 1_000_000n + BigInt(fraction.padEnd(6, '0') || '0');
}

const daysOf = (text: string): number => Number(microsOf(text) / 86_400_000_000n);

function arrowType(type: DataType): ArrowType {
  if (typeof type === 'object') {
    if (type.type === 'decimal') return new Decimal(type.scale, type.precision, 128);
    if (type.type === 'timestamp') return new TimestampMicrosecond(type.timezone ?? null);
    throw new Error(`no Arrow input column for ${type.type}`);
  }
  switch (type) {
    case 'bool': return new Bool();
    case 'int32': return new Int32();
    case 'int64': return new Int64();
    case 'float64': return new Float64();
    case 'utf8': return new Utf8();
    case 'binary': return new Binary();
    case 'date32': return new Date_(DateUnit.DAY);
    case 'timestamp': return new TimestampMicrosecond();
    default: throw new Error(`no Arrow input column for ${type}`);
  }
}

/** Unscaled digits of exact decimal text at a scale ("-3.25", 2 → -325n). */
function unscaled(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value = BigInt(whole + fraction.padEnd(scale, '0'));
  return negative ? -value : value;
}

function column(type: DataType, values: readonly InputValue[]) {
  const length = values.length;
  const nullBitmap = new Uint8Array(Math.ceil(length / 8));
  let nullCount = 0;
  values.forEach((v, i) => {
    if (v === null) nullCount += 1;
    else nullBitmap[i >> 3] = (nullBitmap[i >> 3] ?? 0) | (1 << (i & 7));
  });
  const arrow = arrowType(type);
  const base = { type: arrow, length, nullCount, nullBitmap };
  if (type === 'utf8' || type === 'binary') {
    const encoder = new TextEncoder();
    const parts = values.map((v) => (v === null ? new Uint8Array() : typeof v === 'string' ? encoder.encode(v) : v as Uint8Array));
    const valueOffsets = new Int32Array(length + 1);
    parts.forEach((p, i) => { valueOffsets[i + 1] = (valueOffsets[i] ?? 0) + p.length; });
    const data = new Uint8Array(valueOffsets[length] ?? 0);
    parts.forEach((p, i) => {
      data.set(p, valueOffsets[i]);
    });
    return makeData({ ...base, type: arrow as Utf8, valueOffsets, data });
  }
  if (typeof type === 'object' && type.type === 'decimal') {
    const data = new Uint32Array(length * 4);
    values.forEach((v, i) => {
      let u = BigInt.asUintN(128, v === null ? 0n : unscaled(String(v), type.scale));
      for (let w = 0; w < 4; w += 1) {
        data[i * 4 + w] = Number(u & 0xffff_ffffn);
        u >>= 32n;
      }
    });
    return makeData({ ...base, type: arrow as Decimal, data });
  }
  if (type === 'timestamp' || typeof type === 'object' || type === 'int64') {
    const data = BigInt64Array.from(values, (v) => (v === null ? 0n : type === 'int64' ? BigInt(v as bigint) : microsOf(String(v))));
    return makeData({ ...base, type: arrow as Int64, data });
  }
  if (type === 'date32') return makeData({ ...base, type: arrow as Date_, data: Int32Array.from(values, (v) => (v === null ? 0 : daysOf(String(v)))) });
  if (type === 'bool') {
    const data = new Uint8Array(Math.ceil(length / 8));
    values.forEach((v, i) => { if (v === true) data[i >> 3] = (data[i >> 3] ?? 0) | (1 << (i & 7)); });
    return makeData({ ...base, type: arrow as Bool, data });
  }
  if (type === 'float64') return makeData({ ...base, type: arrow as Float64, data: Float64Array.from(values, (v) => (v === null ? 0 : Number(v))) });
  return makeData({ ...base, type: arrow as Int32, data: Int32Array.from(values, (v) => (v === null ? 0 : Number(v))) });
}

/** The rows as Arrow IPC stream bytes (a Spark Connect LocalRelation), one typed column per entry of `columns`. */
export function inputsAsArrow(columns: readonly { readonly name: string; readonly type: DataType }[], rows: readonly (readonly InputValue[])[]): Uint8Array {
  const children = columns.map((c, k) => column(c.type, rows.map((r) => r[k] ?? null)));
  const fields = columns.map((c, k) => new Field(c.name, children[k]?.type as ArrowType, true));
  const struct = makeData({ type: new Struct(fields), length: rows.length, nullCount: 0, children });
  return tableToIPC(new Table(new RecordBatch(new Schema(fields), struct)), 'stream');
}
