import { describe, expect, it } from 'vitest';
import { type CdcSpec, type Pipeline, col, parsePipeline, pipeline, readFiles, validatePipeline } from '../src/index.js';

const SCHEMA = [
  { name: 'id', type: 'int64' }, { name: 'seq', type: 'int64' }, { name: 'name', type: 'utf8' },
  { name: 'city', type: 'utf8' }, { name: 'op', type: 'utf8' },
] as const;

const withSpec = (cdc: CdcSpec | (Omit<CdcSpec, 'scdType'> & { scdType: 1 | 2 })): Pipeline =>
  pipeline('p')
    .table('people')
    .flow('apply', { kind: 'cdc', target: 'people', query: readFiles('json', 'changes', { schema: SCHEMA }), cdc })
    .build();

const issuesOf = (cdc: CdcSpec) => validatePipeline(withSpec(cdc)).map((i) => ({ code: i.code, path: i.path }));
const base = { keys: ['id'], sequenceBy: 'seq' } as const;

describe('cdc spec options', () => {
  it('accepts every option where Spark accepts it', () => {
    expect(issuesOf({ ...base, scdType: 2, exceptColumns: ['op'], trackHistoryExcept: ['seq', 'city'], ignoreNullUpdates: true, deleteWhen: col('op').eq('D').node })).toEqual([]);
    expect(issuesOf({ ...base, scdType: 2, columns: ['id', 'seq', 'name'], trackHistory: ['name'] })).toEqual([]);
    expect(issuesOf({ ...base, scdType: 1, exceptColumns: ['op'], ignoreNullUpdates: true, applyAsTruncates: col('op').eq('T').node })).toEqual([]);
  });

  it('refuses options set together (CANNOT_SET_TOGETHER), with paths', () => {
    expect(issuesOf({ ...base, scdType: 2, columns: ['id', 'seq'], exceptColumns: ['op'] })).toEqual([{ code: 'cdc_columns_conflict', path: '$.flows[0].cdc' }]);
    expect(issuesOf({ ...base, scdType: 2, trackHistory: ['name'], trackHistoryExcept: ['city'] })).toEqual([{ code: 'cdc_columns_conflict', path: '$.flows[0].cdc' }]);
  });

  it('refuses SCD-type-specific options on the other type', () => {
    expect(issuesOf({ ...base, scdType: 1, trackHistory: ['name'] })).toEqual([{ code: 'cdc_columns_conflict', path: '$.flows[0].cdc.trackHistory' }]);
    expect(issuesOf({ ...base, scdType: 1, trackHistoryExcept: ['name'] })).toEqual([{ code: 'cdc_columns_conflict', path: '$.flows[0].cdc.trackHistoryExcept' }]);
    expect(issuesOf({ ...base, scdType: 2, applyAsTruncates: col('op').eq('T').node })).toEqual([{ code: 'cdc_columns_conflict', path: '$.flows[0].cdc.applyAsTruncates' }]);
  });

  it('refuses tracking keys or columns the target does not store', () => {
    expect(issuesOf({ ...base, scdType: 2, trackHistory: ['name', 'id'] })).toEqual([{ code: 'cdc_columns_conflict', path: '$.flows[0].cdc.trackHistory[1]' }]);
    expect(issuesOf({ ...base, scdType: 2, exceptColumns: ['city'], trackHistoryExcept: ['city'] })).toEqual([{ code: 'cdc_columns_conflict', path: '$.flows[0].cdc.trackHistoryExcept[0]' }]);
  });

  it('names unknown columns when the input schema is declared', () => {
    const issues = validatePipeline(withSpec({ keys: ['id'], sequenceBy: 'version', scdType: 2, exceptColumns: ['opp'], trackHistory: ['nam'] }));
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ['unknown_schema_column', '$.flows[0].cdc.sequenceBy'],
      ['unknown_schema_column', '$.flows[0].cdc.exceptColumns[0]'],
      ['unknown_schema_column', '$.flows[0].cdc.trackHistory[0]'],
    ]);
    expect(issues[0]?.message).toContain('"version"');
    expect(issues[0]?.message).toContain('fix the name');
  });

  it('asks an SCD 2 target with a declared schema for __START_AT / __END_AT, naming the old names', () => {
    const withSchema = (names: readonly string[]): Pipeline => {
      const p = withSpec({ ...base, scdType: 2 });
      // The input's own columns and types, then the validity columns, of the sequence column's type.
      return { ...p, datasets: [{ ...(p.datasets[0] as Pipeline['datasets'][number]), schema: [...SCHEMA, ...names.map((name) => ({ name, type: 'int64' as const }))] }] };
    };
    expect(validatePipeline(withSchema(['__START_AT', '__END_AT']))).toEqual([]);
    const old = validatePipeline(withSchema(['__start_at', '__end_at']));
    expect(old.map((i) => [i.code, i.path])).toEqual([['unknown_schema_column', '$.datasets[0].schema'], ['unknown_schema_column', '$.datasets[0].schema']]);
    expect(old[0]?.message).toContain('rename its "__start_at" to "__START_AT"');
    expect(validatePipeline(withSchema([]))[1]?.message).toContain('add "__END_AT" with the type of "seq"');
  });

  it('takes deleteWhen and applyAsTruncates as builder expressions too', () => {
    const p = pipeline('p').table('people').flow('apply', {
      kind: 'cdc', target: 'people', query: readFiles('json', 'changes', { schema: SCHEMA }),
      cdc: { ...base, scdType: 1, deleteWhen: col('op').eq('D'), applyAsTruncates: col('op').eq('T') },
    }).build();
    expect(p.flows[0]?.cdc?.applyAsTruncates).toEqual(col('op').eq('T').node);
    expect(p.flows[0]?.cdc?.deleteWhen).toEqual(col('op').eq('D').node);
    expect(validatePipeline(p)).toEqual([]);
  });

  it('round-trips the new options through the JSON document', () => {
    const p = withSpec({ ...base, scdType: 1, ignoreNullUpdates: true, applyAsTruncates: col('op').eq('T').node, exceptColumns: ['op'] });
    const parsed = parsePipeline(JSON.parse(JSON.stringify(p)));
    expect(parsed.flows[0]?.cdc).toEqual(p.flows[0]?.cdc);
    expect(() => parsePipeline({ ...JSON.parse(JSON.stringify(p)), flows: [{ ...p.flows[0], cdc: { ...p.flows[0]?.cdc, trackHistory: 'name' } }] })).toThrow(/trackHistory/);
  });

  it('refuses a declared type a stored column or the sequence does not widen to (it failed only at run, THUND_SCHEMA_MISMATCH)', () => {
    const declaring = (schema: Pipeline['datasets'][number]['schema'], cdc: CdcSpec): Pipeline => {
      const p = withSpec(cdc);
      return { ...p, datasets: [{ ...(p.datasets[0] as Pipeline['datasets'][number]), schema }] };
    };
    const scd1 = { ...base, scdType: 1, exceptColumns: ['op'] } as const;
    const columns = [{ name: 'id', type: 'int64' }, { name: 'seq', type: 'int64' }, { name: 'name', type: 'utf8' }, { name: 'city', type: 'utf8' }] as const;
    expect(validatePipeline(declaring(columns, scd1))).toEqual([]);
    // int64 into decimal(20, 0) widens; utf8 into int32 does not; a column the spec does not store is not checked.
    const issues = validatePipeline(declaring([{ name: 'id', type: { type: 'decimal', precision: 20, scale: 0 } }, { name: 'seq', type: 'int64' }, { name: 'name', type: 'int32' }, { name: 'city', type: 'utf8' }, { name: 'op', type: 'bool' }], scd1));
    expect(issues.map((i) => [i.code, i.path, i.message])).toEqual([
      ['schema_types', '$.flows[0].query', 'column "name" of cdc flow "apply" is utf8, which does not widen to int32 as "people" declares it: cast it in the flow\'s source, or declare utf8'],
    ]);
    const scd2 = validatePipeline(declaring([...columns, { name: '__START_AT', type: { type: 'timestamp', unit: 'us', timezone: 'UTC' } }, { name: '__END_AT', type: 'int64' }], { ...base, scdType: 2, exceptColumns: ['op'] }));
    expect(scd2.map((i) => [i.code, i.message])).toEqual([
      ['schema_types', 'sequence column "seq" of cdc flow "apply" is int64, which does not widen to timestamp[us, UTC] as "people" declares "__START_AT": cast it in the flow\'s source, or declare int64'],
    ]);
  });
});
