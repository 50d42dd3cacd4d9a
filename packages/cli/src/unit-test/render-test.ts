import { escapeForTerminal } from '../escape-for-terminal.js';
import { rowsTable } from '../diff/render-diff.js';
import type { TestOutcome } from './run-flow-test.js';

/** One test's line on one backend, and for a failure what differed: missing and unexpected rows, counts. */
export function renderOutcome(title: string, backend: string, outcome: TestOutcome): string {
  const head = `${outcome.status === 'passed' ? '✓' : '✗'} ${escapeForTerminal(title)} [${backend}]`;
  if (outcome.status === 'passed') return `${head}\n`;
  if (outcome.status === 'error') return `${head}: could not run: ${escapeForTerminal(outcome.message)}\n`;
  let out = `${head}\n`;
  const rows = outcome.rows;
  if (rows !== undefined && !rows.equal) {
    out += `  rows: ${rows.leftRows} written, ${rows.rightRows} expected`;
    if (rows.leftOnlyColumns.length > 0) out += `; columns not expected: ${rows.leftOnlyColumns.join(', ')}`;
    if (rows.rightOnlyColumns.length > 0) out += `; columns expected but not written: ${rows.rightOnlyColumns.join(', ')}`;
    out += '\n';
    if (rows.onlyRight.length > 0) out += rowsTable('expected but not written', rows.onlyRight, rows.onlyRightCount);
    if (rows.onlyLeft.length > 0) out += rowsTable('written but not expected', rows.onlyLeft, rows.onlyLeftCount);
  }
  for (const line of outcome.counts) out += `  ${escapeForTerminal(line)}\n`;
  return out;
}
