import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Terminal } from '@xterm/headless';
import { describe, expect, it } from 'vitest';

// `thund run` on a real pseudo-terminal of 80 × 24 (util-linux `script`), its output rendered by a terminal emulator
// (xterm.js, headless): what a user sees at the end. The progress block is redrawn in place, so every flow must be on
// the screen exactly once — a line longer than the terminal wraps, the cursor-up redraw then misses it, and copies of
// the block are left behind (what an 80-column terminal showed before lines were fitted).
const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.js');
const SCRIPT = '/usr/bin/script';
const COLS = 80;
const ROWS = 24;

function runOnTty(dir: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): { status: number | null; screen: string[]; raw: string } {
  const command = `stty cols ${COLS} rows ${ROWS}; exec ${[process.execPath, BIN, ...args].map((a) => `'${a}'`).join(' ')}`;
  const child = spawnSync(SCRIPT, ['-qec', command, '/dev/null'], { cwd: dir, encoding: 'utf8', env: { ...process.env, TERM: 'xterm-256color', ...env }, maxBuffer: 64 * 1024 * 1024 });
  return { status: child.status, screen: [], raw: child.stdout };
}

/** Every line of the emulator's buffer (scrollback and screen), after it took all of `raw`. */
async function render(raw: string): Promise<{ lines: string[]; wrapped: number }> {
  const terminal = new Terminal({ cols: COLS, rows: ROWS, scrollback: 10_000, allowProposedApi: true });
  await new Promise<void>((resolve) => terminal.write(raw.replaceAll('\n', '\r\n').replaceAll('\r\r\n', '\r\n'), resolve));
  const buffer = terminal.buffer.active;
  const lines: string[] = [];
  let wrapped = 0;
  for (let i = 0; i < buffer.length; i += 1) {
    const line = buffer.getLine(i);
    if (line === undefined) continue;
    if (line.isWrapped) wrapped += 1;
    lines.push(line.translateToString(true));
  }
  terminal.dispose();
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return { lines, wrapped };
}

const csv = 'id,amount\n1,10\n2,-5\n3,7\n';
const LONG = 'amount_is_positive_and_below_the_configured_maximum_for_a_single_order_line';

describe.runIf(existsSync(SCRIPT))('thund run on an 80-column terminal (real pty, rendered)', () => {
  it('a long expectation line: one block, one line per flow, nothing wrapped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'thund-tty-'));
    writeFileSync(join(dir, 'orders.csv'), csv);
    writeFileSync(join(dir, 'pipeline.json'), JSON.stringify({
      version: 1, name: 'tty',
      datasets: [{ name: 'raw', type: 'temporary_view' }, { name: 'clean', type: 'table' }, { name: 'daily', type: 'materialized_view' }, { name: 'total', type: 'materialized_view' }],
      flows: [
        { name: 'raw', target: 'raw', kind: 'batch', query: { kind: 'read_files', format: 'csv', path: 'orders.csv', schema: [{ name: 'id', type: 'int64' }, { name: 'amount', type: 'int64' }] } },
        {
          name: 'clean', target: 'clean', kind: 'batch', query: { kind: 'read', dataset: 'raw' },
          expectations: [{ name: LONG, predicate: { kind: 'binary', op: 'gt', left: { kind: 'column', name: 'amount' }, right: { kind: 'literal', value: 0 } }, action: 'warn' }],
        },
        { name: 'daily', target: 'daily', kind: 'batch', query: { kind: 'read', dataset: 'clean' } },
        { name: 'total', target: 'total', kind: 'batch', query: { kind: 'read', dataset: 'daily' } },
      ],
    }));
    const { status, raw } = runOnTty(dir, ['run', 'pipeline.json', '--show', 'total']);
    expect(status, raw).toBe(0);
    const { lines, wrapped } = await render(raw);
    expect(wrapped, lines.join('\n')).toBe(0);
    for (const flow of ['raw', 'clean', 'daily', 'total']) {
      expect(lines.filter((l) => new RegExp(`^\\S ${flow}\\s+(completed|running|planning|queued)`).test(l)), `${flow}:\n${lines.join('\n')}`).toHaveLength(1);
    }
    const clean = lines.find((l) => l.startsWith('✓ clean')) ?? '';
    expect(clean.length).toBeLessThanOrEqual(COLS - 1);
    expect(clean).toMatch(/3 rows written; \d+ ms; amount_is_positive.*…$/);
    expect(lines.some((l) => /^run run-\S+ completed in [\d.]+ s$/.test(l))).toBe(true);
  });

  it('more flows than the terminal has rows: the block keeps to the screen, the rest counted on one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'thund-tty-many-'));
    const count = 40;
    const names = Array.from({ length: count }, (_, i) => `step_${String(i).padStart(2, '0')}`);
    writeFileSync(join(dir, 'pipeline.json'), JSON.stringify({
      version: 1, name: 'many',
      datasets: names.map((name) => ({ name, type: 'materialized_view' })),
      flows: names.map((name, i) => ({ name, target: name, kind: 'batch', query: i === 0 ? { kind: 'sql', dialect: 'duckdb', sql: 'SELECT 1 AS id' } : { kind: 'read', dataset: names[i - 1] } })),
    }));
    const { status, raw } = runOnTty(dir, ['run', 'pipeline.json', '--show', 'step_39'], { NO_COLOR: '1' });
    expect(status, raw).toBe(0);
    expect(raw).not.toMatch(/\x1b\[3\dm/);
    const { lines, wrapped } = await render(raw);
    expect(wrapped).toBe(0);
    const flowLines = lines.filter((l) => /^✓ step_\d\d\s+completed/.test(l));
    expect(flowLines).toHaveLength(ROWS - 3);
    expect(new Set(flowLines.map((l) => l.split(/\s+/)[1])).size).toBe(flowLines.length);
    expect(lines).toContain(`… ${count - (ROWS - 3)} more flows: ${count - (ROWS - 3)} completed`);
  });

  it('a pipeline warning while the block is drawn: printed above it, the block still once on the screen', async () => {
    // Rendered the same way, without a run: the progress of a pipeline whose run warns between flow events.
    const { RunProgress } = await import('../src/progress.js');
    const { pipeline, sql } = await import('@thund/ir');
    let raw = '';
    const io = { stdout: { write: (t: string) => { raw += t; } }, stderr: { write: () => undefined }, isTTY: true, cwd: '/', columns: COLS, rows: ROWS };
    const p = pipeline('warned').materializedView('a', { query: sql('duckdb', 'SELECT 1') }).materializedView('b', { query: sql('duckdb', 'SELECT 2') }).build();
    const progress = new RunProgress(io, p);
    const at = new Date().toISOString();
    progress.update({ timestamp: at, runId: 'r', element: { kind: 'flow', name: 'a' }, level: 'info', message: 'a running', phase: 'running' });
    progress.update({ timestamp: at, runId: 'r', element: { kind: 'pipeline', name: 'warned' }, level: 'warn', message: 'the disk is nearly full' });
    progress.update({ timestamp: at, runId: 'r', element: { kind: 'flow', name: 'a' }, level: 'info', message: 'a done', phase: 'completed', details: { rowsWritten: 1 } });
    progress.finish({ runId: 'r', status: 'completed', flows: [], durationMs: 5 });
    const { lines } = await render(raw);
    expect(lines.filter((l) => /^\S a\s/.test(l)), lines.join('\n')).toHaveLength(1);
    expect(lines.filter((l) => /^\S b\s/.test(l)), lines.join('\n')).toHaveLength(1);
    expect(lines.indexOf('pipeline warned: the disk is nearly full')).toBeLessThan(lines.findIndex((l) => /^\S a\s/.test(l)));
  });
});
