import { describe, expect, it } from 'vitest';
import { MAX_PLAN_DEPTH, type Pipeline, ValidationError, col, from, pipeline, readFiles } from '@thund/ir';
import { flowRelations } from '../../src/lower/flow-relations.js';
import { SPARK_VERSION, createSparkCapabilities } from '../../src/spark-capabilities.js';
import { checkForSpark } from '../../src/spark-check.js';

const capabilities = createSparkCapabilities({ version: SPARK_VERSION });
const places = { baseDir: '/data', storageRoot: '/data/storage' };

/** `filters` filters over a CSV read, each comparing a column with a literal: MAX_PLAN_DEPTH - 2 filters is exactly at the limit. */
function filtered(filters: number): Pipeline {
  let query = from('src');
  for (let i = 0; i < filters; i += 1) query = query.filter(col('n').gt(i));
  return pipeline('deep')
    .temporaryView('src', { query: readFiles('csv', '/data/in.csv', { schema: [{ name: 'n', type: 'int64' }] }) })
    .materializedView('out', { query })
    .build();
}

// Spark's lowering recurses over plans (and protobuf over the Relation it builds): it must only ever see bounded plans. No server needed.
describe('Spark lowering on plans at and past MAX_PLAN_DEPTH', () => {
  it('lowers a plan exactly at the limit', () => {
    const p = filtered(MAX_PLAN_DEPTH - 2);
    expect(checkForSpark(p, capabilities, places).ok).toBe(true);
    const [, out] = flowRelations(p, '/data');
    expect(out?.relationJson.match(/"filter"/g)).toHaveLength(MAX_PLAN_DEPTH - 2);
  });

  it('refuses a 100,000-deep plan with a ValidationError from check and plan, never a stack overflow', () => {
    const p = filtered(100_000);
    expect(() => checkForSpark(p, capabilities, places)).toThrow(ValidationError);
    expect(() => flowRelations(p, '/data')).toThrow(/plan_too_deep/);
  });
});
