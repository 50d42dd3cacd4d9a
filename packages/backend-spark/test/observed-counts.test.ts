import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Field, type RunResult, col, expect as expectation, pipeline, readFiles } from '@thund/ir';
import { SourceTotalsLedger } from '../src/run/flow-metrics.js';
import { both, remote, tempRoot } from './support/differential.js';

describe('the source-totals ledger and counts observed in a run', () => {
  it('a run\'s observed totals add to the previous run\'s (a later count over the source still gets its share); a new shape starts over', () => {
    const dir = mkdtempSync(join(tmpdir(), 'thund-ledger-'));
    try {
      writeFileSync(join(dir, 'thund-source-totals.json'), JSON.stringify({ f: { total: 10, failed: [2, 1] }, g: { total: 5, failed: [1] } }));
      const ledger = new SourceTotalsLedger(dir, () => false);
      ledger.accumulate('f', { total: 4, failed: [1, 0] });
      ledger.accumulate('g', { total: 3, failed: [1, 1] });
      ledger.accumulate('h', { total: 2, failed: [0] });
      ledger.save();
      expect(JSON.parse(readFileSync(join(dir, 'thund-source-totals.json'), 'utf8'))).toEqual({
        f: { total: 14, failed: [3, 1] }, g: { total: 3, failed: [1, 1] }, h: { total: 2, failed: [0] },
      });
      // The next run's share over the source is then what it added.
      const next = new SourceTotalsLedger(dir, () => false);
      expect(next.delta('f', { total: 20, failed: [5, 1] })).toEqual({ total: 6, failed: [2, 0] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(remote !== undefined)('a streaming flow\'s expectation counts are its run\'s rows, native vs Spark', () => {
  const root = tempRoot('thund-observed-');
  afterAll(() => root.remove());
  const SCHEMA: Field[] = [{ name: 'id', type: 'int64' }, { name: 'v', type: 'int64' }];
  const jsonl = (rows: readonly object[]): string => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
  const countsOf = (result: RunResult) => result.flows.find((f) => f.name === 'checked')?.expectations;

  it('a source file removed after a run read it changes nothing: the next run counts exactly the rows it read, on both engines', async () => {
    const sides = { native: join(root.path(), 'native'), spark: join(root.path(), 'spark') };
    const p = pipeline('observed')
      .streamingTable('checked', {
        query: readFiles('json', 'inbox', { schema: SCHEMA }),
        expectations: [expectation('small', col('v').lt(10), 'warn'), expectation('has_v', col('v').isNotNull(), 'drop')],
      })
      .build();
    for (const dir of Object.values(sides)) {
      mkdirSync(join(dir, 'inbox'), { recursive: true });
      writeFileSync(join(dir, 'inbox', '1.json'), jsonl([{ id: 1, v: 1 }, { id: 2, v: 20 }, { id: 3, v: null }, { id: 4, v: 30 }]));
      writeFileSync(join(dir, 'inbox', '1b.json'), jsonl([{ id: 9, v: 50 }]));
    }
    const run = await both({ native: { pipeline: p, workDir: sides.native }, spark: { pipeline: p, workDir: sides.spark } }, `thund_observed${process.pid}`);
    try {
      expect(run.s.status, JSON.stringify(run.s.error)).toBe('completed');
      const first = [{ name: 'small', action: 'warn', passed: 1, failed: 4 }, { name: 'has_v', action: 'drop', passed: 4, failed: 1 }];
      expect(countsOf(run.n)).toEqual(first);
      expect(countsOf(run.s)).toEqual(first);
      for (const dir of Object.values(sides)) {
        rmSync(join(dir, 'inbox', '1b.json'));
        writeFileSync(join(dir, 'inbox', '2.json'), jsonl([{ id: 5, v: 5 }, { id: 6, v: null }]));
      }
      const second = await run.again();
      // Counted over the source (files 1 and 2: 6 rows) minus the last run's totals (5), this would be 1 row.
      const counts = [{ name: 'small', action: 'warn', passed: 1, failed: 1 }, { name: 'has_v', action: 'drop', passed: 1, failed: 1 }];
      expect(countsOf(second.n)).toEqual(counts);
      expect(countsOf(second.s)).toEqual(counts);
      const rows = await run.read('checked');
      expect(rows.spark.map((r) => Number(r['id'])).sort()).toEqual(rows.native.map((r) => Number(r['id'])).sort());
    } finally {
      await run.close();
    }
  });
});
