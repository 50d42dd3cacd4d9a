import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commonType } from '../src/infer/type-algebra.js';
import { type DataType, checkAgainst, dataTypeLabel, defineCapabilities, parsePipeline, safeParsePipeline, sameType, serializePipeline, widensTo } from '../src/index.js';

const EVENT: DataType = {
  type: 'struct',
  fields: [
    { name: 'id', type: 'int64' },
    { name: 'tags', type: { type: 'list', element: 'utf8' } },
    { name: 'attrs', type: { type: 'map', key: 'utf8', value: 'int32' } },
    { name: 'geo', type: { type: 'struct', fields: [{ name: 'lat', type: 'float64' }, { name: 'lon', type: 'float64' }] } },
  ],
};

const document = (type: unknown) => ({
  version: 1,
  name: 'nested',
  datasets: [{ name: 'events', type: 'materialized_view' }],
  flows: [{
    name: 'events', target: 'events', kind: 'batch',
    query: { kind: 'read_files', format: 'json', path: 'events.jsonl', schema: [{ name: 'e', type }] },
  }],
});

describe('list, struct and map types in a pipeline document', () => {
  it('are read, validated and written back unchanged', () => {
    const parsed = parsePipeline(JSON.stringify(document(EVENT)));
    const query = parsed.flows[0]?.query;
    expect(query?.kind === 'read_files' ? query.schema?.[0]?.type : undefined).toEqual(EVENT);
    expect(parsePipeline(serializePipeline(parsed))).toEqual(parsed);
  });

  it('refuse a struct with a field named twice (case-insensitively, as Spark resolves names), at the field', () => {
    const result = safeParsePipeline(document({ type: 'struct', fields: [{ name: 'a', type: 'int32' }, { name: 'A', type: 'utf8' }] }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.issues.map((i) => [i.code, i.path])).toEqual([['invalid_document', '$.flows[0].query.schema[0].type.fields[1].name']]);
      expect(result.error.issues[0]?.message).toMatch(/field "A" appears twice/);
    }
  });

  it('refuse a struct without fields, a list without its element type and a malformed element type', () => {
    for (const bad of [{ type: 'struct', fields: [] }, { type: 'list' }, { type: 'map', key: 'utf8', value: 'int' }]) {
      const result = safeParsePipeline(document(bad));
      expect(result.ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it('are described in the published JSON Schema', () => {
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'schema', 'pipeline.schema.json'), 'utf8'));
    const forms = JSON.stringify(schema.$defs.DataType);
    for (const kind of ['list', 'struct', 'map']) expect(forms).toContain(`"const":"${kind}"`);
  });

  it('have readable labels', () => {
    expect(dataTypeLabel(EVENT)).toBe('struct<id: int64, tags: list<utf8>, attrs: map<utf8, int32>, geo: struct<lat: float64, lon: float64>>');
  });
});

describe('type algebra of nested types (Spark rules)', () => {
  const list = (element: DataType): DataType => ({ type: 'list', element });
  const struct = (...fields: [string, DataType][]): DataType => ({ type: 'struct', fields: fields.map(([name, type]) => ({ name, type })) });

  it('compares element by element, struct field names exactly', () => {
    expect(sameType(EVENT, JSON.parse(JSON.stringify(EVENT)) as DataType)).toBe(true);
    expect(sameType(list('int32'), list('int64'))).toBe(false);
    expect(sameType(struct(['a', 'int32']), struct(['A', 'int32']))).toBe(false);
    expect(sameType(list('int32'), 'int32')).toBe(false);
  });

  it('widens lists, maps and structs element by element; structs need the same field names in order', () => {
    expect(commonType(list('int32'), list('int64'))).toEqual(list('int64'));
    expect(commonType(struct(['a', 'int32'], ['b', 'utf8']), struct(['A', 'float64'], ['b', 'utf8']))).toEqual(struct(['a', 'float64'], ['b', 'utf8']));
    expect(commonType(struct(['a', 'int32']), struct(['b', 'int32']))).toBeUndefined();
    expect(commonType(list('int32'), list('utf8'))).toBeUndefined();
    expect(commonType({ type: 'map', key: 'utf8', value: 'int8' }, { type: 'map', key: 'utf8', value: 'int32' })).toEqual({ type: 'map', key: 'utf8', value: 'int32' });
    expect(commonType(list('int32'), 'int32')).toBeUndefined();
  });

  it('stores a nested column in a declared type only when each part widens (map keys exactly)', () => {
    expect(widensTo(list('int32'), list('int64'))).toBe(true);
    expect(widensTo(list('int64'), list('int32'))).toBe(false);
    expect(widensTo(struct(['a', 'int32']), struct(['a', 'float64']))).toBe(true);
    expect(widensTo(struct(['a', 'int32']), struct(['b', 'int32']))).toBe(false);
    expect(widensTo({ type: 'map', key: 'int32', value: 'int32' }, { type: 'map', key: 'int64', value: 'int32' })).toBe(false);
    expect(widensTo('utf8', list('utf8'))).toBe(false);
  });
});

describe('the nestedTypes capability', () => {
  const base = { name: 'toy', batch: true, datasetTypes: ['materialized_view'], relations: ['read_files'], fileFormats: ['json'] } as const;
  const nestedPipeline = () => parsePipeline(JSON.stringify({
    ...document(EVENT),
    datasets: [{ name: 'events', type: 'materialized_view', schema: [{ name: 'e', type: EVENT }] }],
  }));

  it('a backend without it refuses every place a pipeline names a list, struct or map, at its path', () => {
    const report = checkAgainst(nestedPipeline(), defineCapabilities(base));
    expect(report.violations.map((v) => [v.feature, v.path, v.message])).toEqual([
      ['nested_type', '$.datasets[0].schema[0].type', 'backend "toy" does not support lists, structs and maps, used by dataset "events"'],
      ['nested_type', '$.flows[0].query.schema[0].type', 'backend "toy" does not support lists, structs and maps, used by flow "events"'],
    ]);
  });

  it('a backend with it accepts them', () => {
    expect(checkAgainst(nestedPipeline(), defineCapabilities({ ...base, nestedTypes: true })).violations).toEqual([]);
  });
});
