import { describe, expect, it } from 'vitest';
import { col, from, pipeline, readFiles } from '@thund/ir';
import { checkForSpark, createSparkCapabilities } from '../src/index.js';

const PLACES = { baseDir: '/base', storageRoot: '/base/.thund/spark' };
const cdc = { keys: ['id'], sequenceBy: 'seq', scdType: 2 as const, deleteWhen: col('op').eq('D'), exceptColumns: ['op'], trackHistoryExcept: ['seq'] };

// Spark recomputes a CDC target with a plan that names the change feed's columns (tracked and NULL-filled columns),
// so `check` needs them before the run: from a read_files schema, or from the dataset read (declared or inferred).
describe('spark check: CDC change feeds need known columns', () => {
  it('admits a feed whose columns follow from a read_files schema or a dataset schema', () => {
    const schema = [{ name: 'id', type: 'int64' }, { name: 'seq', type: 'int64' }, { name: 'op', type: 'utf8' }] as const;
    const direct = pipeline('p').table('people').flow('apply', { kind: 'cdc', target: 'people', query: readFiles('json', 'changes', { schema }), cdc }).build();
    expect(checkForSpark(direct, createSparkCapabilities({ version: '4.3.0' }), PLACES).violations).toEqual([]);
    const viaTable = pipeline('p')
      .table('feed')
      .flow('ingest', { kind: 'streaming', target: 'feed', query: readFiles('json', 'changes', { schema }) })
      .table('people')
      .flow('apply', { kind: 'cdc', target: 'people', query: from('feed'), cdc })
      .build();
    expect(checkForSpark(viaTable, createSparkCapabilities({ version: '4.3.0' }), PLACES).violations).toEqual([]);
  });

  it('admits a feed of unknown columns when the spec lists the stored columns', () => {
    const listed = { keys: ['id'], sequenceBy: 'seq', scdType: 2 as const, deleteWhen: col('op').eq('D'), columns: ['id', 'name'] };
    const p = pipeline('p').table('people').flow('apply', { kind: 'cdc', target: 'people', query: readFiles('json', 'changes'), cdc: listed }).build();
    expect(checkForSpark(p, createSparkCapabilities({ version: '4.3.0' }), PLACES).violations).toEqual([]);
  });

  it('refuses a feed of unknown columns up front, naming the flow and the fix', () => {
    const p = pipeline('p').table('people').flow('apply', { kind: 'cdc', target: 'people', query: readFiles('json', 'changes'), cdc }).build();
    const violations = checkForSpark(p, createSparkCapabilities({ version: '4.3.0' }), PLACES).violations;
    expect(violations.map((v) => [v.element.name, v.path])).toEqual([['apply', '$.flows[0].query']]);
    expect(violations[0]?.message).toContain('cdc flow "apply"');
    expect(violations[0]?.message).toContain('declare a "schema"');
  });
});
