import type { DataType, DatasetRows } from '@thund/ir';
import { jsonValue, nestedText } from './nested-json.js';

/** A date or timestamp as ISO 8601: a date as its day; a timestamp without a time zone without a `Z`. */
function isoText(value: Date, type: DataType | undefined): string {
  const iso = value.toISOString();
  if (type === 'date32') return iso.slice(0, 10);
  const zoned = typeof type === 'object' && type.type === 'timestamp' && type.timezone !== undefined;
  return zoned ? iso : iso.replace(/Z$/, '');
}

/** The declared or stored type of each column, where the backend reports it. */
function typesOf(rows: DatasetRows): ReadonlyMap<string, DataType | undefined> {
  return new Map((rows.fields ?? []).map((f) => [f.name, f.type]));
}

/** One value as plain text: dates ISO 8601, decimals and big integers as their digits, NULL as empty, lists, structs and maps as JSON. */
function text(value: unknown, type?: DataType): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoText(value, type);
  if (Array.isArray(value) || (typeof value === 'object' && !(value instanceof Uint8Array))) return nestedText(value, type);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, its quotes doubled. */
function csvField(value: unknown, type?: DataType): string {
  const t = text(value, type);
  return /[",\r\n]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
}

/** A header line and one line per row, CRLF-free (LF ends each line). */
export function rowsAsCsv(rows: DatasetRows): string {
  const types = typesOf(rows);
  const lines = [rows.columns.map((c) => csvField(c)).join(','), ...rows.rows.map((row) => rows.columns.map((c) => csvField(row[c], types.get(c))).join(','))];
  return `${lines.join('\n')}\n`;
}

/**
 * JSON Lines: one object per row, columns in order; big integers that do
 * not fit a double as strings; lists, structs and maps as JSON arrays and
 * objects (see `jsonValue`).
 */
export function rowsAsJsonLines(rows: DatasetRows): string {
  const types = typesOf(rows);
  return rows.rows.map((row) => `${JSON.stringify(Object.fromEntries(rows.columns.map((c) => [c, row[c] instanceof Uint8Array ? row[c] : jsonValue(row[c], types.get(c))])))}\n`).join('');
}
