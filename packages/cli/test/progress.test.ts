import { describe, expect, it } from 'vitest';
import { type RunEvent, from, pipeline, readFiles } from '@thund/ir';
import { displayWidth, fitMiddleToWidth, fitToWidth, padToWidth } from '../src/display-width.js';
import { RunProgress } from '../src/progress.js';
import { renderTable } from '../src/render-table.js';
import { captureIo } from './support/capture-io.js';

const p = pipeline('p').temporaryView('src', { query: readFiles('csv', 'a.csv') }).materializedView('mv', { query: from('src') }).build();
const ev = (name: string, phase: RunEvent['phase'], details?: RunEvent['details']): RunEvent => ({
  timestamp: new Date().toISOString(), runId: 'r', element: { kind: 'flow', name }, level: 'info', message: `${name} ${phase}`, ...(phase ? { phase } : {}), ...(details ? { details } : {}),
});
const result = { runId: 'r', status: 'completed' as const, flows: [], durationMs: 1234 };

describe('RunProgress', () => {
  it('on a terminal redraws one line per flow in place', () => {
    const io = captureIo('/', true);
    const progress = new RunProgress(io, p);
    progress.update(ev('src', 'running'));
    progress.update(ev('src', 'completed', { rowsWritten: 0 }));
    progress.update(ev('mv', 'completed', { rowsWritten: 5, durationMs: 12 }));
    progress.finish(result);
    const out = io.out();
    expect(out).toContain('\x1b[2A'); // moved up over the two flow lines
    const lastBlock = out.split('\x1b[2A').at(-1) ?? '';
    expect(lastBlock).toContain('✓ src');
    expect(lastBlock).toMatch(/✓ mv\s+completed\s+5 rows written; 12 ms/);
    expect(out).toContain('run r completed in 1.23 s');
  });

  it('elsewhere prints one plain line per phase change, no escape codes', () => {
    const io = captureIo('/', false);
    const progress = new RunProgress(io, p);
    progress.update(ev('mv', 'running'));
    progress.update(ev('mv', undefined));
    progress.update(ev('mv', 'failed', { error: { code: 'THUND_ENGINE', message: 'boom' } }));
    expect(io.out()).toMatch(/^▶ flow mv running\n✗ flow mv failed: \d+ ms; boom\n$/);
    expect(io.out()).not.toContain('\x1b');
  });
});

describe('long flow names at 80 columns', () => {
  it('30 flows sharing a long prefix stay distinguishable: cut from the middle, each line unique and within the width', () => {
    let b = pipeline('many');
    const names = Array.from({ length: 30 }, (_, i) => `a_rather_long_dataset_name_from_the_warehouse_${String(i).padStart(2, '0')}`);
    for (const name of names) b = b.materializedView(name, { query: readFiles('csv', 'a.csv') });
    const io = { ...captureIo('/', true), columns: 80 };
    const progress = new RunProgress(io, b.build());
    for (const name of names) progress.update(ev(name, 'running'));
    // The last redraw: after the last cursor-up, one `\x1b[2K`-cleared line per flow.
    const block = (io.out().split(/\x1b\[\d+A/).at(-1) ?? '').replaceAll('\x1b[J', '').replaceAll('\x1b[2K', '');
    const shownNames = block.split('\n').filter((l) => /^[▶·]/.test(l)).map((l) => l.slice(2).split(/\s{2,}/)[0]);
    expect(shownNames.length).toBeGreaterThan(1);
    expect(new Set(shownNames).size).toBe(shownNames.length);
    for (const line of block.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(79);
    expect(shownNames[0]).toMatch(/^a_rather.*….*_00$/);
    expect(fitMiddleToWidth('a_rather_long_dataset_name_17', 12)).toBe('a_rath…me_17');
    expect(fitMiddleToWidth('short', 12)).toBe('short');
  });
});

describe('display width (progress lines fitted to the terminal)', () => {
  it('counts East Asian wide characters as two columns, combining marks as none', () => {
    expect(displayWidth('daily')).toBe(5);
    expect(displayWidth('売上データ')).toBe(10);
    expect(displayWidth('e\u0301')).toBe(1);
  });
  it('cuts to the width with an ellipsis, never splitting a wide character over the edge', () => {
    expect(fitToWidth('売上データ', 6)).toBe('売上…');
    expect(fitToWidth('売上データ', 10)).toBe('売上データ');
    expect(fitToWidth('abcdef', 4)).toBe('abc…');
    expect(displayWidth(padToWidth('売上', 6))).toBe(6);
  });
  it('on a narrow terminal every line of the block fits it', () => {
    const io = { ...captureIo('/', true), columns: 30, rows: 10 };
    const progress = new RunProgress(io, p);
    progress.update(ev('mv', 'completed', { rowsWritten: 5, durationMs: 12, expectations: [{ name: 'a_rather_long_expectation_name', action: 'warn', passed: 4, failed: 1 }] }));
    progress.finish(result);
    const block = (io.out().split('\x1b[2K').at(-1) ?? '').split('\n')[0] ?? '';
    expect(displayWidth(block)).toBeLessThanOrEqual(29);
    expect(block).toMatch(/^✓ mv\s+completed .*…$/);
  });
});

describe('result tables', () => {
  it('stay aligned with wide characters, tabs and newlines in the cells', () => {
    const table = renderTable('sales', {
      columns: ['region', 'n'],
      totalRows: 3,
      rows: [{ region: '東京', n: 1 }, { region: 'Oslo', n: 22 }, { region: 'a\tb\nc', n: 333 }],
    });
    const [, header, , ...rows] = table.trimEnd().split('\n');
    const bar = (line: string | undefined) => displayWidth((line ?? '').split('│')[0] ?? '');
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(bar(row)).toBe(bar(header));
    expect(rows[2]).toContain('a\\tb\\nc');
  });
});
