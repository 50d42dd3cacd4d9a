import type { DataType, DatasetRows } from '@thund/ir';
import { isoText, jsonValue, valueText } from './nested-json.js';

/** The declared or stored type of each column, where the backend reports it. */
function typesOf(rows: DatasetRows): ReadonlyMap<string, DataType | undefined> {
  return new Map((rows.fields ?? []).map((f) => [f.name, f.type]));
}

/** One value as plain text: dates ISO 8601, decimals and big integers as their digits, NULL as empty, lists, structs and maps as JSON. */
function text(value: unknown, type?: DataType): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoText(value, type);
  return valueText(value, type);
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
