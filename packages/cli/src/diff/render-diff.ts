import type { AnyRow } from '@thund/arrow-rows';
import type { DatasetRows } from '@thund/ir';
import { escapeForTerminal } from '../escape-for-terminal.js';
import { renderTable } from '../render-table.js';
import type { DatasetDifference, DiffReport } from './compare-runs.js';

/** Rows under a title, indented, as `thund diff` and `thund test` show differing rows. */
export const rowsTable = (title: string, rows: readonly AnyRow[], total: number): string => {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const dataset: DatasetRows = { columns, rows, totalRows: total };
  return renderTable(title, dataset).split('\n').map((line) => (line === '' ? line : `    ${line}`)).join('\n');
};

function verdict(d: DatasetDifference, left: string, right: string): string {
  if (d.error !== undefined) return `not compared: ${d.error}`;
  const c = d.comparison;
  if (c === undefined || c.equal) return 'equal';
  const parts: string[] = [];
  if (c.leftOnlyColumns.length > 0) parts.push(`columns only in ${left}: ${c.leftOnlyColumns.join(', ')}`);
  if (c.rightOnlyColumns.length > 0) parts.push(`columns only in ${right}: ${c.rightOnlyColumns.join(', ')}`);
  if (c.onlyLeftCount > 0) parts.push(`${c.onlyLeftCount} row${c.onlyLeftCount === 1 ? '' : 's'} only in ${left}`);
  if (c.onlyRightCount > 0) parts.push(`${c.onlyRightCount} row${c.onlyRightCount === 1 ? '' : 's'} only in ${right}`);
  if (c.changedCount > 0) parts.push(`${c.changedCount} changed`);
  return `different: ${parts.join(', ')}`;
}

/** The per-dataset table, the flows whose outcomes differ, and the first differing rows of each differing dataset. */
export function renderDiff(report: DiffReport, left: string, right: string): string {
  const header = ['dataset', left, right, 'result'];
  const lines = report.datasets.map((d) => [d.dataset, d.leftRows === undefined ? '—' : String(d.leftRows), d.rightRows === undefined ? '—' : String(d.rightRows), verdict(d, left, right)].map((cell) => escapeForTerminal(cell)));
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: readonly string[]): string => cells.map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  let out = `${format(header)}\n${lines.map(format).join('\n')}\n`;
  for (const f of report.flows) out += `\nflow ${escapeForTerminal(f.flow)} ended differently:\n  ${left}: ${escapeForTerminal(f.left)}\n  ${right}: ${escapeForTerminal(f.right)}\n`;
  for (const d of report.datasets) {
    const c = d.comparison;
    if (c === undefined || c.equal) continue;
    out += `\n${escapeForTerminal(d.dataset)}: ${escapeForTerminal(verdict(d, left, right))}\n`;
    if (c.onlyLeft.length > 0) out += rowsTable(`only in ${left}, first ${c.onlyLeft.length}`, c.onlyLeft, c.onlyLeftCount);
    if (c.onlyRight.length > 0) out += rowsTable(`only in ${right}, first ${c.onlyRight.length}`, c.onlyRight, c.onlyRightCount);
    if (c.changed.length > 0) {
      out += rowsTable(`changed, as in ${left}`, c.changed.map((r) => r.left), c.changedCount);
      out += rowsTable(`changed, as in ${right}`, c.changed.map((r) => r.right), c.changedCount);
    }
  }
  const flows = report.flows.length;
  out += report.equal
    ? `\n✓ ${left} and ${right} agree: ${report.datasets.length} dataset${report.datasets.length === 1 ? '' : 's'} equal, every flow ended the same\n`
    : `\n✗ ${left} and ${right} differ: ${report.datasets.filter((d) => d.comparison?.equal !== true).length} of ${report.datasets.length} datasets${flows > 0 ? `, ${flows} flow outcome${flows === 1 ? '' : 's'}` : ''}\n`;
  return out;
}
