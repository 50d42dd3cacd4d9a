import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { type Pipeline, validatePipeline } from '@thund/ir';
import { GENERATED_CASES_SEED, checkPropertySubjects, writeCaseFiles } from '@thund/backend-testkit';
import { createNativeBackend } from '../src/index.js';
import { NativeConnection } from '../src/duckdb/native-connection.js';
import { bindFlows } from '../src/run/bind-flows.js';

// The check-versus-run property (issue 15): over the testkit's generated pipelines and as many copies of them with one
// mistake each (a column renamed, a numeric column declared a string, a read dataset removed), `check` passes exactly
// when the pipeline runs. Where check passes, the pipeline must run to completion on native (the Spark package runs the
// same pipelines there). Where it refuses, the engine must refuse too — shown without Þund's check in the way: every
// flow is lowered to DuckDB SQL and bound by DuckDB itself, in dependency order (the dry run's binder, bind-flows.ts).
const COUNT = 104;
/** Whether DuckDB itself refuses the pipeline: every flow bound by the native dry run's binder, without Þund's check. */
async function engineRefuses(pipeline: Pipeline, dir: string): Promise<string | undefined> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = new NativeConnection(await instance.connect());
  try {
    const failures = await bindFlows(connection, pipeline, dir);
    return failures.length === 0 ? undefined : failures.map((f) => `${f.flow}: ${f.error.message}`).join('; ');
  } catch (error) {
    return `the flows do not compile: ${String(error)}`;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('check passes exactly when the pipeline runs (generated pipelines, half of them broken)', () => {
  const subjects = checkPropertySubjects(COUNT, GENERATED_CASES_SEED);

  it('covers at least 200 pipelines, half of them broken', () => {
    expect(subjects.length).toBeGreaterThanOrEqual(200);
    expect(subjects.filter((s) => s.mutate !== undefined).length).toBe(subjects.length / 2);
  });

  const verdicts = { ran: 0, refused: 0, brokenButRan: 0 };
  afterAll(() => console.log(`check-versus-run: ${verdicts.ran} ran after check passed (${verdicts.brokenButRan} of them broken, harmlessly), ${verdicts.refused} refused by check and by DuckDB`));

  for (const subject of subjects) {
    it(subject.id, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'thund-check-diff-'));
      const backend = createNativeBackend({ baseDir: dir });
      try {
        const original = subject.testCase.pipeline(writeCaseFiles(subject.testCase.files, dir));
        const broken = subject.mutate?.(original);
        if (subject.mutate !== undefined) expect(broken, 'every generated pipeline has something to break').toBeDefined();
        const p = broken?.pipeline ?? original;
        const what = broken === undefined ? 'the generated pipeline' : broken.mutation.description;
        const passes = validatePipeline(p).length === 0 && backend.check(p).ok;
        if (passes) {
          const result = await backend.run(p).result;
          expect(result.status, `check passed (${what}), so it must run: ${JSON.stringify(result.error ?? result.flows)}`).toBe('completed');
          verdicts.ran += 1;
          if (broken !== undefined) verdicts.brokenButRan += 1;
        } else {
          const refusal = await engineRefuses(p, dir);
          expect(refusal, `check refused (${what}: ${validatePipeline(p).map((i) => i.message).join('; ')}), so DuckDB must refuse it too`).toBeDefined();
          verdicts.refused += 1;
        }
      } finally {
        await backend.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
