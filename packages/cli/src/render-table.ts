import type { DataType, DatasetRows } from '@thund/ir';
import { displayWidth, padToWidth } from './display-width.js';
import { escapeForTerminal } from './escape-for-terminal.js';
import { valueText } from './nested-json.js';

function cell(value: unknown, type: DataType | undefined): string {
  return escapeForTerminal(cellText(value, type));
}

function cellText(value: unknown, type: DataType | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('T', ' ').replace(/\.000Z$|Z$/, '');
  }
  return valueText(value, type);
}

/** A plain-text table with a header rule, right-aligned numbers; title, column names and values escaped for the terminal. */
export function renderTable(title: string, dataset: DatasetRows): string {
  const table = { columns: dataset.columns, totalRows: dataset.totalRows, rows: dataset.rows.map((row) => dataset.columns.map((c) => row[c] ?? null)) };
  const types = table.columns.map((c) => dataset.fields?.find((f) => f.name === c)?.type);
  const text = table.rows.map((row) => row.map((value, i) => cell(value, types[i])));
  const columns = table.columns.map((c) => escapeForTerminal(c));
  // Columns on the terminal, not UTF-16 units: a CJK character takes two, so a table of them stays aligned.
  const widths = columns.map((c, i) => Math.max(displayWidth(c), ...text.map((row) => displayWidth(row[i] ?? ''))));
  const numeric = table.columns.map((_, i) => table.rows.every((row) => typeof row[i] === 'number' || typeof row[i] === 'bigint' || row[i] === null || (typeof row[i] === 'string' && /^-?\d+(\.\d+)?$/.test(row[i] as string))));
  const line = (values: readonly string[]): string =>
    values.map((v, i) => (numeric[i] ? ' '.repeat(Math.max(0, (widths[i] ?? 0) - displayWidth(v))) + v : padToWidth(v, widths[i] ?? 0))).join(' │ ').trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('─┼─');
  const more = table.totalRows > table.rows.length ? `\n… ${table.totalRows - table.rows.length} more rows` : '';
  const count = `${table.totalRows} row${table.totalRows === 1 ? '' : 's'}`;
  return `${escapeForTerminal(title)} (${count})\n${line(columns)}\n${rule}\n${text.map(line).join('\n')}${more}\n`;
}
