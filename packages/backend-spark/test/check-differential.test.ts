import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATED_CASES_SEED, checkPropertySubjects, writeCaseFiles } from '@thund/backend-testkit';
import { validatePipeline } from '@thund/ir';
import { createSparkBackend } from '../src/index.js';
import { remote, runToEnd, tempRoot } from './support/differential.js';
import { sparkDryRunRefuses } from './support/spark-dry-run.js';

// The check-versus-run property (issue 15) on Spark. Its subjects are the native test's (backend-native/test/
// check-differential.test.ts): the generated pipelines, and each once broken. Every broken pipeline that `check`
// (validation and Spark's check) lets through must run to completion on Spark; every one it refuses, Spark itself must
// refuse too — shown with Þund's check out of the way: the pipeline lowered to a dataflow graph and given to SDP's own
// dry run, which resolves and analyses every flow — with one exception, asserted as such: a numeric file column
// declared a string passes SDP's analysis, because Spark casts strings to numbers implicitly where a number is wanted
// (sum, avg, abs, arithmetic, comparison with a number). DuckDB refuses every one of those (the native test, same
// subjects), and `check` refuses what either engine refuses: a pipeline must run unchanged on both. The unbroken
// pipelines run on Spark in differential-generated.test.ts, same count and seed.
const COUNT = 104;
const root = tempRoot('thund-check-diff-spark-');
afterAll(() => root.remove());

describe.runIf(remote !== undefined)('check passes exactly when the pipeline runs on Spark (broken pipelines)', () => {
  const subjects = checkPropertySubjects(COUNT, GENERATED_CASES_SEED).filter((s) => s.mutate !== undefined);
  let database = 0;
  const verdicts = { ran: 0, refused: 0, coerced: 0 };
  afterAll(() => console.log(`check-versus-run on Spark: ${verdicts.ran} broken pipelines ran after check passed (harmless mistakes), ${verdicts.refused} refused by check and by SDP's own dry run, ${verdicts.coerced} refused by check and DuckDB that Spark's implicit string-to-number casts would run`));

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
        const issues = validatePipeline(broken.pipeline);
        if (issues.length > 0 || !spark.check(broken.pipeline).ok) {
          const refusal = await sparkDryRunRefuses(spark.session, broken.pipeline, dir, `thund_chk${process.pid}_${database}`);
          const why = `check refused (${broken.mutation.description}: ${issues.map((i) => i.message).join('; ')})`;
          if (refusal === undefined) {
            expect(broken.mutation.kind, `${why}, so Spark must refuse it too, unless its implicit string-to-number cast runs it`).toBe('change_type');
            expect(issues.map((i) => i.code).filter((c) => c !== 'argument_type' && c !== 'operand_type'), `${why}: Spark runs it only by casting strings to numbers`).toEqual([]);
            verdicts.coerced += 1;
          } else {
            verdicts.refused += 1;
          }
          return;
        }
        const result = await runToEnd(spark, broken.pipeline);
        expect(result.status, `check passed (${broken.mutation.description}), so it must run on Spark: ${JSON.stringify(result.error ?? result.flows)}`).toBe('completed');
        verdicts.ran += 1;
      } finally {
        await spark.close();
      }
    }, 120_000);
  }

  // The dry run above must be able to say yes: the same helper accepts the unbroken pipelines (the first 20), so its
  // refusals are Spark's verdict on the mistake, not on the way it is asked.
  it('SDP\'s dry run accepts the unbroken pipelines it is compared with', async () => {
    const unbroken = checkPropertySubjects(COUNT, GENERATED_CASES_SEED).filter((s) => s.mutate === undefined).slice(0, 20);
    const spark = await createSparkBackend({ remote: remote as string });
    try {
      for (const subject of unbroken) {
        const dir = mkdtempSync(join(root.path(), 'ok-'));
        const p = subject.testCase.pipeline(writeCaseFiles(subject.testCase.files, dir));
        expect(await sparkDryRunRefuses(spark.session, p, dir, `thund_chk${process.pid}_ok`), subject.id).toBeUndefined();
      }
    } finally {
      await spark.close();
    }
  }, 300_000);
});
