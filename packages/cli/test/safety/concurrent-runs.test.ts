import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/index.js';
import { captureIo } from '../support/capture-io.js';
import { finished, spawnThund } from '../support/spawn-thund.js';

/**
 * Two `thund run` of one batch pipeline at the same moment, 20 times: a
 * table, a single-file sink and a partitioned sink. Every run either
 * completes or is refused with a lock error (THUND_BUSY, exit 1) saying
 * what to do; the run after each round always succeeds, and every output
 * is whole: exactly the rows of the current input, nothing doubled or
 * missing, and nothing left beside the outputs.
 */

const ROUNDS = 20;

const PIPELINE = JSON.stringify({
  version: 1,
  name: 'conc',
  datasets: [
    { name: 'clean', type: 'materialized_view' },
    { name: 'rows_csv', type: 'sink', format: 'csv', location: 'out/rows.csv' },
    { name: 'by_k', type: 'sink', format: 'csv', location: 'out/by_k', partitionColumns: ['k'] },
  ],
  flows: [
    { name: 'clean', target: 'clean', kind: 'batch', query: { kind: 'read_files', format: 'csv', path: 'in/rows.csv', options: { header: 'true' } } },
    { name: 'to_csv', target: 'rows_csv', kind: 'batch', query: { kind: 'read', dataset: 'clean' } },
    { name: 'to_parts', target: 'by_k', kind: 'batch', query: { kind: 'read', dataset: 'clean' } },
  ],
});

function input(rows: number): string {
  const lines = ['id,k'];
  for (let i = 0; i < rows; i++) lines.push(`${i},${i % 4}`);
  return `${lines.join('\n')}\n`;
}

/** Data lines (header excluded) of a CSV file, or of every CSV file under a directory (hidden files excluded). */
function csvRows(path: string): number {
  if (statSync(path).isFile()) return readFileSync(path, 'utf8').trim().split('\n').length - 1;
  const dir = path;
  let rows = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.csv') || entry.name.startsWith('.')) continue;
    rows += readFileSync(join(entry.parentPath, entry.name), 'utf8').trim().split('\n').length - 1;
  }
  return rows;
}

describe('concurrent batch runs of one pipeline', () => {
  it(`${ROUNDS} rounds of two runs at once: each completes or is refused by a lock; the next run succeeds with whole outputs`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'thund-concurrent-'));
    writeFileSync(join(dir, 'p.json'), PIPELINE);
    mkdirSync(join(dir, 'in'));
    const outcomes = { completed: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const rows = 2000 + round;
      writeFileSync(join(dir, 'in', 'rows.csv'), input(rows));
      const runs = await Promise.all([0, 1].map(() => finished(spawnThund(['run', 'p.json'], { cwd: dir }), 120_000)));
      for (const run of runs) {
        if (run.code === 0) {
          outcomes.completed++;
          continue;
        }
        outcomes.refused++;
        expect(run.code, run.stderr).toBe(1);
        expect(run.stderr).toMatch(/THUND_BUSY/);
        expect(run.stderr).toMatch(/in use by another process|is replacing it/);
        expect(run.stderr).not.toMatch(/^\s+at /m);
      }
      expect(runs.some((run) => run.code === 0), 'at least one of the two completes').toBe(true);

      const io = captureIo(dir);
      expect(await main(['run', 'p.json', '--show', 'clean'], io), io.err()).toBe(0);
      expect(io.out()).toContain(`clean (${rows} rows)`);
      expect(csvRows(join(dir, 'out', 'rows.csv'))).toBe(rows);
      expect(csvRows(join(dir, 'out', 'by_k'))).toBe(rows);
      // Nothing beside the outputs: no journal, staging, aside copy or lock left behind.
      expect(readdirSync(join(dir, 'out')).sort()).toEqual(['.rows.csv.thund-output', 'by_k', 'rows.csv']);
    }
    // Both outcomes are allowed; report what happened so a change in overlap is visible.
    console.log(`concurrent runs: ${outcomes.completed} completed, ${outcomes.refused} refused with a lock error`);
  }, 900_000);
});
