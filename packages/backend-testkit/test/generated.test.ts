import { describe, expect, it } from 'vitest';
import { checkAgainst, serializePipeline, validatePipeline, walkRelation } from '@thund/ir';
import { generatedCases } from '../src/index.js';
import { InMemoryBackend } from './support/in-memory-backend.js';

const context = { workDir: '/w', path: (p: string) => `/w/${p}` };

describe('generatedCases', () => {
  const cases = generatedCases(40);
  it('gives valid pipelines within the function catalog', () => {
    expect(cases).toHaveLength(40);
    for (const c of cases) expect(validatePipeline(c.pipeline(context)), c.id).toEqual([]);
  });
  it('is deterministic for a seed and varies across seeds', () => {
    const again = generatedCases(40);
    expect(again.map((c) => serializePipeline(c.pipeline(context)))).toEqual(cases.map((c) => serializePipeline(c.pipeline(context))));
    expect(again.map((c) => c.files)).toEqual(cases.map((c) => c.files));
    expect(generatedCases(5, 7).map((c) => c.files)).not.toEqual(cases.slice(0, 5).map((c) => c.files));
  });
  it('mixes projections, aggregations, joins, ranks and distinct, with and without filters', () => {
    const outputs = cases.map((c) => c.pipeline(context).flows.find((f) => f.target === c.output)?.query);
    const kinds = outputs.map((q) => q?.kind);
    expect(kinds).toContain('aggregate');
    expect(kinds).toContain('project');
    expect(kinds).toContain('deduplicate');
    const nodes = new Set<string>();
    for (const q of outputs) if (q !== undefined) walkRelation(q, (n) => { nodes.add(n.kind); });
    expect([...nodes]).toEqual(expect.arrayContaining(['filter', 'join', 'window', 'aggregate', 'deduplicate']));
    // The in-memory example backend lacks aggregates and functions: check says so for those cases.
    expect(cases.some((c) => !checkAgainst(c.pipeline(context), new InMemoryBackend().capabilities()).ok)).toBe(true);
  });
});
