import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATED_CASES_SEED, type GeneratedCase, diffRows, fuzzSeeds, generatedCases, writeCaseFiles } from '@thund/backend-testkit';
import type { RunResult } from '@thund/ir';
import { type Side, both, remote, sparkCapabilities, tempRoot } from './support/differential.js';

// Seeded fast-check pipelines over random data within the function catalog, into every target shape (materialized
// view, batch-fed sink, streaming table, append-once backfill, CDC, windowed aggregation in each output mode), all but
// the view over two runs with files delivered between them: the two engines judge each other (and, for CDC and
// windows, the reference model's rows judge both).
const COUNT = 104;
/** The acceptance line: at least this many cases run on both engines, and at least this many of each shape. */
const MIN_RUNNING = 60;
const MIN_PER_SHAPE = 8;
const seeds = fuzzSeeds(GENERATED_CASES_SEED);
console.log(`differential generated pipelines: ${COUNT} per seed, seeds ${seeds.join(', ')} (a case is generatedCases(${COUNT}, seed)[index]; its id is generated/<index>-<shape>)`);

// Every case must pass Spark's check, except (while the Spark backend lacks them) windows in an output mode its
// capabilities do not list: those are skipped, by the capabilities the server reports, never by a list of cases.
const capabilities = await sparkCapabilities();
const gated = (c: GeneratedCase): boolean => c.outputMode !== undefined && capabilities !== undefined && !capabilities.outputModes.includes(c.outputMode);
// No late rows in the append-mode windows' second runs: native and Spark judge them by different watermarks (the
// Spark README's open difference, shown by `thund diff` in packages/cli/test/diff.test.ts); the conformance cases
// cover late rows where both rules agree, and the native generated tests check them against the model. Update and
// complete windows get late rows: on Spark they follow native's rule (lower/recomputed-aggregation.ts).
const cases = seeds.flatMap((seed) => generatedCases(COUNT, seed, { lateRowsIn: ['update', 'complete'] }));
const shapeOf = (c: GeneratedCase): string => (c.outputMode === undefined ? c.shape : `${c.shape} ${c.outputMode}`);

/** Why a run failed: its error and each failed flow's, shortened. */
const why = (result: RunResult): string =>
  [result.error?.message, ...result.flows.filter((f) => f.error !== undefined).map((f) => `${f.name}: ${f.error?.message}`)].filter((m) => m !== undefined).join(' | ').slice(0, 700);

/** Compares the two engines after one run: both completed, the same rows (and the model's, where there is one), the same flow outcomes where batching cannot change them. */
async function compare(testCase: GeneratedCase, label: string, results: { n: RunResult; s: RunResult }, read: (dataset: string) => Promise<{ native: unknown[]; spark: unknown[] }>, run: number) {
  const at = `${testCase.id}${testCase.seed === GENERATED_CASES_SEED ? ` (seed ${testCase.seed})` : ''} ${label}`;
  expect(results.n.status, `${at}: native ${why(results.n)}`).toBe('completed');
  expect(results.s.status, `${at}: spark ${why(results.s)}`).toBe('completed');
  const rows = await read(testCase.output);
  const differences = diffRows(rows.spark as Record<string, unknown>[], rows.native as Record<string, unknown>[]);
  expect(differences, `${at}: spark rows against native rows: ${differences.slice(0, 6).join('; ')}`).toEqual([]);
  const expected = testCase.expected?.[run];
  if (expected !== undefined) {
    const fromModel = diffRows(rows.spark as Record<string, unknown>[], expected);
    expect(fromModel, `${at}: spark rows against the reference model: ${fromModel.slice(0, 6).join('; ')}`).toEqual([]);
  }
  // Rows an update/complete aggregation writes depend on how its input was split into micro-batches.
  if (testCase.outputMode === undefined || testCase.outputMode === 'append') {
    expect(results.s.flows.map((f) => [f.name, f.phase, f.rowsWritten]), `${at}: flow outcomes`).toEqual(results.n.flows.map((f) => [f.name, f.phase, f.rowsWritten]));
  }
}

describe.runIf(remote !== undefined)('differential: generated pipelines, native vs spark', () => {
  const temp = tempRoot('thund-diff-gen-');
  afterAll(() => temp.remove());

  it(`generates at least ${MIN_RUNNING} cases that run on both engines, at least ${MIN_PER_SHAPE} of each shape and output mode`, () => {
    expect(cases.filter((c) => !gated(c)).length).toBeGreaterThanOrEqual(MIN_RUNNING);
    const perShape = new Map<string, number>();
    for (const c of cases.filter((x) => x.seed === GENERATED_CASES_SEED)) perShape.set(shapeOf(c), (perShape.get(shapeOf(c)) ?? 0) + 1);
    const shapes = ['materialized_view', 'sink', 'streaming_table', 'append_once', 'cdc', 'window append', 'window update', 'window complete'];
    expect([...perShape.keys()].sort()).toEqual([...shapes].sort());
    for (const shape of shapes) expect(perShape.get(shape), shape).toBeGreaterThanOrEqual(MIN_PER_SHAPE);
    console.log(`differential generated pipelines: ${cases.length - cases.filter(gated).length} run on both engines, ${cases.filter(gated).length} skipped (windows in output modes ${[...new Set(cases.filter(gated).map((c) => c.outputMode))].join(', ') || 'none'}, which the Spark backend's capabilities do not list: ${capabilities?.outputModes.join(', ')})`);
  });

  // Cases run concurrently in small groups; gated cases are grouped apart, so a group is skipped or run whole.
  const groups: GeneratedCase[][] = [];
  for (const part of [cases.filter((c) => !gated(c)), cases.filter(gated)]) for (let i = 0; i < part.length; i += 4) groups.push(part.slice(i, i + 4));
  for (const group of groups) {
    it.skipIf(group.some(gated))(`generated ${group.map((c) => c.id).join(', ')}`, async () => {
      const outcomes = await Promise.allSettled(group.map(async (testCase) => {
        const dir = join(temp.path(), `${testCase.seed}_${testCase.id.replace(/\W/g, '_')}`);
        const side = (engine: string): Side => {
          const workDir = join(dir, engine);
          mkdirSync(workDir, { recursive: true });
          return { workDir, pipeline: testCase.pipeline(writeCaseFiles(testCase.files, workDir)) };
        };
        const sides = { native: side('native'), spark: side('spark') };
        const run = await both(sides, `thund_g${process.pid}_${seeds.indexOf(testCase.seed)}_${testCase.index}`);
        try {
          await compare(testCase, 'first run', run, run.read, 0);
          if (testCase.rerun !== undefined) {
            for (const s of [sides.native, sides.spark]) writeCaseFiles(testCase.rerun.files, s.workDir);
            await compare(testCase, 'second run', await run.again(), run.read, 1);
          }
        } finally {
          await run.close();
        }
      }));
      // Every case of the group reports its own difference, not only the first to fail.
      const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason instanceof Error ? o.reason.message : String(o.reason)] : []));
      expect(failures).toEqual([]);
    }, 300_000);
  }
});
