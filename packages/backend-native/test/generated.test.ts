import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_CASES_SEED, diffRows, fuzzSeeds, generatedCases, writeCaseFiles } from '@thund/backend-testkit';
import { createNativeBackend, tableToRows } from '../src/index.js';

// The generated pipelines are the differential suite's random half; here they must at least run on native (both runs),
// and a CDC target must hold the reference model's rows after each run.
const COUNT = 104; // the Spark differential suite runs the same 104
const seeds = fuzzSeeds(GENERATED_CASES_SEED);
console.log(`generated pipelines: ${COUNT} per seed, seeds ${seeds.join(', ')} (replay one with THUND_FUZZ_SEED=<seed>)`);

describe('generated pipelines run on native', () => {
  /** Rows of each fixed-seed case's output after its last run, by shape (a window's with its output mode). */
  const held = new Map<string, number[]>();
  // The fixed cases always; with THUND_FUZZ_RANDOM=1 also a random (printed) seed, with THUND_FUZZ_SEED=<n> seed n.
  for (const seed of seeds) for (const testCase of generatedCases(COUNT, seed)) {
    it(testCase.id, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'thund-gen-'));
      const backend = createNativeBackend({ baseDir: dir });
      try {
        const p = testCase.pipeline(writeCaseFiles(testCase.files, dir));
        const runs = testCase.rerun === undefined ? [undefined] : [undefined, testCase.rerun.files];
        for (const [i, files] of runs.entries()) {
          if (files !== undefined) writeCaseFiles(files, dir);
          const result = await backend.run(p).result;
          expect(result.status, `run ${i + 1}: ${JSON.stringify(result.error ?? result.flows)}`).toBe('completed');
          const rows = tableToRows(await backend.readDataset(testCase.output));
          expect(Array.isArray(rows)).toBe(true);
          const expected = testCase.expected?.[i];
          if (expected !== undefined) expect(diffRows(rows, expected), `run ${i + 1}: rows against the reference model`).toEqual([]);
          if (seed === GENERATED_CASES_SEED && i === runs.length - 1) {
            const shape = `${testCase.shape}${testCase.outputMode === undefined ? '' : ` ${testCase.outputMode}`}`;
            held.set(shape, [...(held.get(shape) ?? []), rows.length]);
          }
        }
      } finally {
        await backend.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('gives rows: most cases of every shape hold some after their last run', () => {
    expect([...held.keys()].sort()).toEqual(['append_once', 'cdc', 'materialized_view', 'sink', 'streaming_table', 'window append', 'window complete', 'window update']);
    for (const [shape, counts] of held) expect(counts.filter((n) => n > 0).length, `${shape}: ${counts.join(' ')}`).toBeGreaterThanOrEqual(counts.length * 0.6);
  });
});
