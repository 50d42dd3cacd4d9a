import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_CASES, type ConformanceCase, diffRows, writeCaseFiles } from '@thund/backend-testkit';
import type { RunResult } from '@thund/ir';
import { type Side, both, remote, sparkAdmits, tempRoot } from './support/differential.js';

const admits = await sparkAdmits();

// Same pipelines on native and Spark, equal rows (diffRows): every testkit case Spark admits, each rerun too.
describe.runIf(remote !== undefined)('differential: testkit cases, native vs spark', () => {
  const temp = tempRoot('thund-diff-cases-');
  afterAll(() => temp.remove());

  const cases = ALL_CASES.filter(admits);
  it('Spark admits every testkit case', () => {
    expect(ALL_CASES.filter((c) => !admits(c)).map((c) => c.id)).toEqual([]);
  });
  // Cases run four at a time: each Spark run mostly waits on SDP's own scheduling.
  const groups: ConformanceCase[][] = [];
  for (let i = 0; i < cases.length; i += 4) groups.push(cases.slice(i, i + 4));
  for (const group of groups) {
    it(`cases ${group.map((c) => c.id).join(', ')}`, async () => {
      await Promise.all(group.map(async (testCase, i) => {
        const side = (engine: string): Side => {
          const workDir = join(temp.path(), testCase.id.replace(/\W/g, '_'), engine);
          mkdirSync(workDir, { recursive: true });
          return { workDir, pipeline: testCase.pipeline(writeCaseFiles(testCase.files, workDir)) };
        };
        const sides = { native: side('native'), spark: side('spark') };
        const run = await both(sides, `thund_d${process.pid}_${ALL_CASES.indexOf(testCase)}_${i}`);
        try {
          const compare = async (label: string, results: { n: RunResult; s: RunResult }) => {
            expect(results.s.status, `${testCase.id}${label}: spark ${JSON.stringify(results.s.error)}`).toBe(results.n.status);
            expect(results.s.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]), `${testCase.id}${label}: flow outcomes`)
              .toEqual(results.n.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]));
            for (const dataset of Object.keys(testCase.expected)) {
              const rows = await run.read(dataset);
              expect(diffRows(rows.spark, rows.native, testCase.ordered), `${testCase.id}${label} ${dataset}`).toEqual([]);
            }
          };
          await compare('', run);
          if (testCase.rerun !== undefined) {
            writeCaseFiles(testCase.rerun.files, sides.native.workDir);
            writeCaseFiles(testCase.rerun.files, sides.spark.workDir);
            await compare(' (second run)', await run.again(testCase.rerun.options));
          }
        } finally {
          await run.close();
        }
      }));
    }, 240_000);
  }
});
