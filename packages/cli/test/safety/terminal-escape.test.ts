import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RunEvent, ThundError, ThundErrorCode, from, pipeline, readFiles } from '@thund/ir';
import { main } from '../../src/index.js';
import { escapeForTerminal } from '../../src/escape-for-terminal.js';
import { describeFailure } from '../../src/format-error.js';
import { RunProgress } from '../../src/progress.js';
import { renderTable } from '../../src/render-table.js';
import { captureIo } from '../support/capture-io.js';

/** Clears the screen, forges a completed line, recolours, rings the bell, reverses text. */
const HOSTILE = 'x\x1b[2J\x1b[H\r\n✓ flow forged completed\x1b[31m\x07\u202eevil\x9b1m';
const ESCAPED = 'x\\x1b[2J\\x1b[H\\r\\n✓ flow forged completed\\x1b[31m\\x07\\u202eevil\\x9b1m';

/** What is left once the progress block's own cursor movements are removed: must hold no control character but line feeds. */
function assertNoTerminalControl(text: string): void {
  // The block's own: cursor up, clear the line, clear below (when it takes the block away to print a line above it).
  const own = text.replace(/\x1b\[\d+A/g, '').replace(/\x1b\[2K/g, '').replace(/\x1b\[J/g, '');
  expect(own).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
}

const event = (name: string, phase: RunEvent['phase'], message: string, details?: RunEvent['details']): RunEvent => ({
  timestamp: new Date().toISOString(), runId: 'r', element: { kind: 'flow', name }, level: phase === 'failed' ? 'error' : 'info', message, ...(phase === undefined ? {} : { phase }), ...(details === undefined ? {} : { details }),
});

describe('user-controlled text is printed escaped: names and messages cannot drive the terminal', () => {
  it('escapeForTerminal shows control characters as escapes and keeps other text', () => {
    expect(escapeForTerminal(HOSTILE)).toBe(ESCAPED);
    expect(escapeForTerminal('Þund ✓ café 日本 \\ "q"')).toBe('Þund ✓ café 日本 \\ "q"');
    expect(escapeForTerminal('a\tb\u0000c\u007fd\u2028e')).toBe('a\\tb\\x00c\\x7fd\\u2028e');
    expect(escapeForTerminal('SELECT 1\nFROM t\x1b', { keepNewlines: true })).toBe('SELECT 1\nFROM t\\x1b');
  });

  it('progress on a TTY: hostile flow names, expectation names, errors and messages', () => {
    const p = pipeline('p').temporaryView(`src${HOSTILE}`, { query: readFiles('csv', 'a.csv') }).materializedView('mv', { query: from(`src${HOSTILE}`) }).build();
    // A terminal wide enough to hold the escaped texts whole (lines are cut to the terminal's width).
    const io = { ...captureIo('/', true), columns: 400 };
    const progress = new RunProgress(io, p);
    progress.update(event(`src${HOSTILE}`, 'running', 'starting'));
    progress.update(event(`src${HOSTILE}`, 'completed', 'done', { rowsWritten: 3, expectations: [{ name: `e${HOSTILE}`, action: 'warn', passed: 1, failed: 2 }] }));
    progress.update(event('mv', 'failed', `boom${HOSTILE}`, { error: { code: 'THUND_ENGINE', message: `engine said ${HOSTILE}` } }));
    progress.update({ timestamp: new Date().toISOString(), runId: 'r', element: { kind: 'pipeline', name: `p${HOSTILE}` }, level: 'warn', message: `warned ${HOSTILE}` });
    progress.finish({ runId: `r${HOSTILE}`, status: 'failed', flows: [], durationMs: 5 });
    const out = io.out();
    assertNoTerminalControl(out);
    expect(out).toContain(`src${ESCAPED}`);
    expect(out).toContain(`e${ESCAPED} (warn): 1 passed, 2 failed`);
    expect(out).toContain(`engine said ${ESCAPED}`);
    expect(out).toContain(`pipeline p${ESCAPED}: warned ${ESCAPED}`);
    expect(out).toContain(`run r${ESCAPED} failed`);
    // Still exactly one drawn line per flow: the forged line is text inside the flow's line.
    const lastBlock = out.split('\x1b[2A').at(-1) ?? '';
    expect(lastBlock.split('\n').filter((l) => l.includes('\x1b[2K'))).toHaveLength(2);
  });

  it('progress without a TTY escapes the same text', () => {
    const p = pipeline('p').materializedView(`mv${HOSTILE}`, { query: readFiles('csv', 'a.csv') }).build();
    const io = captureIo('/', false);
    const progress = new RunProgress(io, p);
    progress.update(event(`mv${HOSTILE}`, 'failed', 'x', { error: { code: 'THUND_ENGINE', message: HOSTILE } }));
    expect(io.out().replace(/\d+ ms; /, '')).toBe(`✗ flow mv${ESCAPED} failed: ${ESCAPED}\n`);
  });

  it('result tables: hostile title, column names and cells keep the table aligned', () => {
    const table = renderTable(`t${HOSTILE}`, { columns: ['id', `c${HOSTILE}`], rows: [{ id: 1, [`c${HOSTILE}`]: `v${HOSTILE}` }, { id: 2, [`c${HOSTILE}`]: { nested: HOSTILE } }], totalRows: 2 });
    assertNoTerminalControl(table);
    const lines = table.split('\n');
    expect(lines[0]).toBe(`t${ESCAPED} (2 rows)`);
    expect(lines[1]).toContain(`c${ESCAPED}`);
    expect(lines[3]).toContain(`v${ESCAPED}`);
    expect(lines).toHaveLength(6); // title, header, rule, two rows, final newline
  });

  it('error lines: a hostile message is escaped, its line breaks only ever start an indented continuation', () => {
    // An engine's message of several lines (DuckDB's candidate bindings) reads as a block: each line after the first
    // is indented, so none can pass for a line of the CLI's own, and every control character is still escaped.
    const failure = describeFailure(new ThundError(ThundErrorCode.Engine, `query failed: ${HOSTILE}`));
    expect(failure.text).toBe(`[THUND_ENGINE] query failed: ${ESCAPED.replace('\\r\\n', '\n  ')}`);
    assertNoTerminalControl(failure.text);
    expect(failure.text.split('\n').slice(1).every((line) => line.startsWith('  '))).toBe(true);
    const internal = describeFailure(new Error(`bug ${HOSTILE}`));
    expect(internal.text).toContain(`bug ${ESCAPED}`);
    expect(internal.text).not.toContain('\n');
    expect(internal.text).not.toMatch(/^\s+at /m);
  });

  it('thund run on a TTY: hostile dataset names and data are escaped in progress and table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'thund-escape-'));
    writeFileSync(join(dir, 'a.csv'), `id,name\n1,"ok"\n2,"${HOSTILE.replace(/"/g, '""')}"\n`);
    const name = `evil${HOSTILE}`;
    writeFileSync(join(dir, 'p.json'), JSON.stringify({
      version: 1, name: `p${HOSTILE}`,
      datasets: [{ name: 'src', type: 'temporary_view' }, { name, type: 'materialized_view' }],
      flows: [
        { name: 'src', target: 'src', kind: 'batch', query: { kind: 'read_files', format: 'csv', path: 'a.csv', schema: [{ name: 'id', type: 'int64' }, { name: 'name', type: 'utf8' }] } },
        { name, target: name, kind: 'batch', query: { kind: 'read', dataset: 'src' } },
      ],
    }));
    const io = captureIo(dir, true);
    expect(await main(['run', 'p.json'], io), io.err()).toBe(0);
    assertNoTerminalControl(io.out());
    assertNoTerminalControl(io.err());
    expect(io.out()).toContain(`evil${ESCAPED}`);
    expect(io.out()).toContain(`evil${ESCAPED} (2 rows)`);
    expect(io.out()).toContain(`${ESCAPED}`);

    // The same names replayed from a hostile event log by `thund events`.
    writeFileSync(join(dir, 'log.jsonl'), `${JSON.stringify({ timestamp: '2026-12-01T00:00:00Z', run_id: `r${HOSTILE}`, message: HOSTILE, element: { kind: 'flow', name }, level: 'info', phase: `running${HOSTILE}` })}\n`);
    const replay = captureIo(dir, true);
    expect(await main(['events', 'log.jsonl'], replay)).toBe(0);
    assertNoTerminalControl(replay.out());
    expect(replay.out()).toContain(`evil${ESCAPED}`);

    // And a usage error that echoes a hostile argument.
    const usage = captureIo(dir, true);
    expect(await main([`frob${HOSTILE}`, 'p.json'], usage)).toBe(2);
    assertNoTerminalControl(usage.err());
    expect(usage.err().trimEnd().split('\n')).toHaveLength(1);
  });
});
