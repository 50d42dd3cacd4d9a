import { describe, expect, it } from 'vitest';
import { ValidationError, datasetSchemas, parsePipeline, pipeline, range, rangeRowCount, serializePipeline, validatePipeline } from '@thund/ir';

const counting = (node: Record<string, unknown>) => ({
  version: 1,
  name: 'counting',
  datasets: [{ name: 'numbers', type: 'materialized_view' }],
  flows: [{ name: 'numbers', target: 'numbers', kind: 'batch', query: { kind: 'range', ...node } }],
});

describe('the range relation', () => {
  it('is part of the document: the builder and the JSON form give the same canonical text', () => {
    const built = pipeline('counting').materializedView('numbers', { query: range(0, 10, 3) }).build();
    const parsed = parsePipeline(counting({ start: 0, end: 10, step: 3 }));
    expect(parsed.flows[0]?.query).toEqual({ kind: 'range', start: 0, end: 10, step: 3 });
    expect(serializePipeline(parsed)).toBe(serializePipeline(parsePipeline(built)));
  });

  it('outputs one BIGINT column id that is never NULL', () => {
    const schemas = datasetSchemas(parsePipeline(counting({ start: 5, end: 0, step: -1 })));
    expect(schemas.get('numbers')).toEqual([{ name: 'id', type: 'int64', nullable: false }]);
  });

  it.each([
    [{ start: 0, end: 10, step: 0 }, 'step', /range's step is 0/],
    [{ start: 0, end: 2 ** 60, step: 1 }, 'end', /range's end is 1152921504606847000, not an integer between/],
  ])('%o is refused at the field it concerns', (node, field, message) => {
    const issues = validatePipeline(counting(node) as never);
    expect(issues.map((i) => [i.code, i.path])).toEqual([['range_bounds', `$.flows[0].query.${field}`]]);
    expect(issues[0]?.message).toMatch(message);
    expect(() => parsePipeline(counting(node))).toThrow(ValidationError);
  });

  it('a fractional bound is refused by the document schema', () => {
    expect(() => parsePipeline(counting({ start: 0, end: 2.5, step: 1 }))).toThrow(/flows\[0\]\.query\.end/);
  });

  it.each([
    [0, 10, 3, 4], [5, 0, -2, 3], [3, 3, 1, 0], [0, 5, -1, 0], [-3, 3, 2, 3],
  ])('range(%i, %i, %i) makes %i rows', (start, end, step, rows) => {
    expect(rangeRowCount({ start, end, step })).toBe(rows);
  });
});
