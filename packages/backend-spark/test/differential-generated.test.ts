import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type GeneratedCase, diffRows, generatedCases, writeCaseFiles } from '@thund/backend-testkit';
import { both, remote, tempRoot } from './support/differential.js';

describe.runIf(remote !== undefined)('differential: generated pipelines, native vs spark', () => {
  const temp = tempRoot('thund-diff-gen-');
  afterAll(() => temp.remove());

  // Seeded fast-check pipelines over random data within the function catalog: no expected rows, the two engines judge each other.
  const generated = generatedCases(40);
  const generatedGroups: GeneratedCase[][] = [];
  for (let i = 0; i < generated.length; i += 4) generatedGroups.push(generated.slice(i, i + 4));
  for (const group of generatedGroups) {
    it(`generated ${group.map((c) => c.id).join(', ')}`, async () => {
      await Promise.all(group.map(async (testCase) => {
        const workDir = join(temp.path(), testCase.id.replace(/\W/g, '_'));
        mkdirSync(workDir, { recursive: true });
        const p = testCase.pipeline(writeCaseFiles(testCase.files, workDir));
        const run = await both({ native: { pipeline: p, workDir }, spark: { pipeline: p, workDir } }, `thund_g${process.pid}_${generated.indexOf(testCase)}`);
        try {
          expect(run.n.status, `${testCase.id}: native ${JSON.stringify(run.n.error ?? run.n.flows)}`).toBe('completed');
          expect(run.s.status, `${testCase.id}: spark ${JSON.stringify(run.s.error ?? run.s.flows)}`).toBe('completed');
          const rows = await run.read(testCase.output);
          expect(diffRows(rows.spark, rows.native), `${testCase.id}: ${JSON.stringify(p.flows[1]?.query)}`).toEqual([]);
        } finally {
          await run.close();
        }
      }));
    }, 180_000);
  }
});
