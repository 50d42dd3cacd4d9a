import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_PLAN_DEPTH, type Pipeline, ValidationError, col, from, pipeline, readFiles } from '@thund/ir';
import { createNativeBackend, planPipeline, tableToRows } from '../../src/index.js';

/** `filters` filters over a CSV read, each comparing a column with a literal: MAX_PLAN_DEPTH - 2 filters is exactly at the limit. */
function filtered(dir: string, filters: number): Pipeline {
  let query = from('src');
  for (let i = 0; i < filters; i += 1) query = query.filter(col('n').gt(i - 1));
  return pipeline('deep')
    .temporaryView('src', { query: readFiles('csv', join(dir, 'in.csv'), { schema: [{ name: 'n', type: 'int64' }], options: { header: 'true' } }) })
    .materializedView('out', { query })
    .build();
}

// Native's compiler recurses over plans: it must only ever see plans validation bounded.
describe('native on plans at and past MAX_PLAN_DEPTH', () => {
  const dir = mkdtempSync(join(tmpdir(), 'thund-native-deep-'));
  writeFileSync(join(dir, 'in.csv'), `n\n${Array.from({ length: MAX_PLAN_DEPTH + 10 }, (_, i) => i).join('\n')}\n`);
  const backend = createNativeBackend({ baseDir: dir });
  afterAll(() => backend.close());

  it('runs a plan exactly at the limit (the compiler and DuckDB both cope)', async () => {
    const p = filtered(dir, MAX_PLAN_DEPTH - 2);
    expect(backend.check(p).ok).toBe(true);
    const result = await backend.run(p).result;
    expect(result.status, JSON.stringify(result.error ?? result.flows)).toBe('completed');
    // The last filter is n > MAX_PLAN_DEPTH - 4: of the rows 0 … MAX_PLAN_DEPTH + 9, those from MAX_PLAN_DEPTH - 3 up stay.
    expect(tableToRows(await backend.readDataset('out'))).toHaveLength(13);
  });

  it('refuses a 100,000-deep plan with a ValidationError from check, plan and run, never a stack overflow', async () => {
    const p = filtered(dir, 100_000);
    expect(() => backend.check(p)).toThrow(ValidationError);
    expect(() => backend.plan(p)).toThrow(ValidationError);
    expect(() => planPipeline(p, dir)).toThrow(/plan_too_deep/);
    const result = await backend.run(p).result;
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_VALIDATION');
    expect(result.error?.message).toContain('(plan_too_deep)');
  });
});
