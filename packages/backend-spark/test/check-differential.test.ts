import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATED_CASES_SEED, checkPropertySubjects, writeCaseFiles } from '@thund/backend-testkit';
import { validatePipeline } from '@thund/ir';
import { createSparkBackend } from '../src/index.js';
import { remote, runToEnd, tempRoot } from './support/differential.js';

// The check-versus-run property (issue 15) on Spark. Its subjects are the native test's (backend-native/test/
// check-differential.test.ts): the generated pipelines, and each once broken. There, every pipeline `check` refuses is
// shown refused by DuckDB itself, so it does not run on both engines either way. Here, every broken pipeline that
// `check` (validation and Spark's check) lets through must run to completion on Spark; the unbroken ones run on Spark
// in differential-generated.test.ts (same count and seed).
const COUNT = 104;
const root = tempRoot('thund-check-diff-spark-');
afterAll(() => root.remove());

describe.runIf(remote !== undefined)('check passes exactly when the pipeline runs: broken pipelines check lets through run on Spark', () => {
  const subjects = checkPropertySubjects(COUNT, GENERATED_CASES_SEED).filter((s) => s.mutate !== undefined);
  let database = 0;

  it('every generated pipeline is broken once', () => expect(subjects.length).toBe(COUNT));

  for (const subject of subjects) {
    it(subject.id, async () => {
      const dir = mkdtempSync(join(root.path(), 'case-'));
      const broken = subject.mutate?.(subject.testCase.pipeline(writeCaseFiles(subject.testCase.files, dir)));
      expect(broken).toBeDefined();
      if (broken === undefined) return;
      database += 1;
      const spark = await createSparkBackend({ remote: remote as string, baseDir: dir, database: `thund_chk${process.pid}_${database}` });
      try {
        if (validatePipeline(broken.pipeline).length > 0 || !spark.check(broken.pipeline).ok) return;
        const result = await runToEnd(spark, broken.pipeline);
        expect(result.status, `check passed (${broken.mutation.description}), so it must run on Spark: ${JSON.stringify(result.error ?? result.flows)}`).toBe('completed');
      } finally {
        await spark.close();
      }
    }, 120_000);
  }
});
