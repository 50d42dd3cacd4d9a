import type { Table } from 'apache-arrow';
import { arrowFields, scaleDecimal } from '@thund/arrow-rows';
import { type DataType, dataTypeLabel } from '@thund/ir';

/** A result value with nothing rounded away: integers as numbers or bigint text, timestamps to the microsecond, bytes as hex. */
export type ExactValue = null | boolean | number | string;

const pad = (n: number | bigint, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of days since 1970-01-01. */
function dayText(days: number): string {
  const d = new Date(days * 86_400_000);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `YYYY-MM-DD HH:MM:SS.ffffff` of microseconds since 1970-01-01. */
function microText(micros: bigint): string {
  const days = micros >= 0n ? micros / 86_400_000_000n : -((-micros + 86_400_000_000n - 1n) / 86_400_000_000n);
  const rest = micros - days * 86_400_000_000n;
  const seconds = rest / 1_000_000n;
  return `${dayText(Number(days))} ${pad(seconds / 3600n)}:${pad((seconds / 60n) % 60n)}:${pad(seconds % 60n)}.${pad(rest % 1_000_000n, 6)}`;
}

function hex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The raw stored value of row `i` of a column (chunks walked), for the types Arrow JS rounds (dates, timestamps). */
function rawValue(table: Table, column: number, row: number): unknown {
  let offset = row;
  for (const data of table.getChildAt(column)?.data ?? []) {
    if (offset < data.length) return (data.values as ArrayLike<unknown>)[data.offset + offset];
    offset -= data.length;
  }
  return undefined;
}

/** One column's values, exact, and its type in the IR's terms (`engineType` when the IR has none). */
export function exactColumn(table: Table, name: string): { readonly type: string; readonly values: ExactValue[] } {
  const index = table.schema.fields.findIndex((f) => f.name === name);
  const field = arrowFields(table.schema)[index];
  if (field === undefined) throw new Error(`no column ${name} in ${table.schema.fields.map((f) => f.name).join(', ')}`);
  const type: DataType | undefined = field.type;
  const vector = table.getChildAt(index);
  const values: ExactValue[] = [];
  for (let i = 0; i < table.numRows; i += 1) {
    const v: unknown = vector?.get(i) ?? null;
    if (v === null) {
      values.push(null);
    } else if (type === 'date32') {
      values.push(dayText(Number(rawValue(table, index, i))));
    } else if (type === 'timestamp' || (typeof type === 'object' && type.type === 'timestamp')) {
      values.push(microText(BigInt(rawValue(table, index, i) as bigint)));
    } else if (typeof type === 'object' && type.type === 'decimal') {
      values.push(scaleDecimal(String(v), type.scale));
    } else if (typeof v === 'bigint') {
      values.push(v.toString());
    } else if (v instanceof Uint8Array) {
      values.push(`0x${hex(v)}`);
    } else if (typeof v === 'object') {
      // A list, struct or map (Arrow JS vectors and rows): compared as its JSON, big integers as their digits.
      values.push(JSON.stringify(v, (_key, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)));
    } else {
      values.push(v as ExactValue);
    }
  }
  return { type: type === undefined ? field.engineType : dataTypeLabel(type), values };
}

/**
 * Two results equal: the same value, NULL only with NULL, NaN with NaN,
 * and doubles within a relative 1e-12 (libm and Java's Math may differ
 * in the last bits of a transcendental function); 0.0 equals -0.0.
 */
export function exactEqual(a: ExactValue, b: ExactValue): boolean {
  if (a === null || b === null) return a === b;
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
    if (a === b) return true;
    return Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
  }
  return a === b;
}
