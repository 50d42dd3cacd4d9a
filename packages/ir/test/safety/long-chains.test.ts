import { describe, expect, it } from 'vitest';
import {
  type Pipeline, checkAgainst, defineCapabilities, downstreamFlows, flowStages, from, parsePipeline, pipeline, readFiles, serializePipeline,
  validatePipeline,
} from '../../src/index.js';

const LONG = 10_000;

/**
 * d0 reads a file; every d<i> reads d<i-1>. With `closed`, d0 reads d<length-1> instead: one cycle through every
 * dataset. With `reversed`, the datasets are declared last first, so ordering them must follow the whole chain.
 * The datasets are temporary views unless `type` says otherwise.
 */
function chain(length: number, { closed = false, reversed = false, type = 'temporary_view' as 'temporary_view' | 'materialized_view' } = {}): Pipeline {
  const order = Array.from({ length }, (_, i) => (reversed ? length - 1 - i : i));
  let builder = pipeline('chain');
  for (const i of order) {
    const query = i > 0 ? from(`d${i - 1}`) : closed ? from(`d${length - 1}`) : readFiles('csv', 'in.csv');
    builder = type === 'temporary_view' ? builder.temporaryView(`d${i}`, { query }) : builder.materializedView(`d${i}`, { query });
  }
  return builder.build();
}

describe(`a chain of ${LONG} datasets`, () => {
  it('validates, parses and round-trips without a stack overflow', () => {
    // Materialized views: temporary views are inlined into the queries reading them, and 10,000 of them nest too deep for an engine.
    const p = chain(LONG, { type: 'materialized_view' });
    expect(validatePipeline(p)).toEqual([]);
    expect(parsePipeline(serializePipeline(p))).toEqual(p);
    expect(checkAgainst(p, defineCapabilities({ name: 'all', batch: true, datasetTypes: ['materialized_view'], relations: ['read', 'read_files'], fileFormats: ['csv'] })).ok).toBe(true);
  });

  it('as temporary views, is refused once, where inlining them gets too deep, without a stack overflow', () => {
    // d<i> inlines to i + 1 levels: d900 is the first past MAX_INLINED_DEPTH.
    expect(validatePipeline(chain(LONG)).map((i) => [i.code, i.path])).toEqual([['views_too_deep', '$.flows[900].query']]);
  });

  it('is staged one flow per stage, in order, and everything is downstream of its head, whatever order it is declared in', () => {
    for (const p of [chain(LONG), chain(LONG, { reversed: true })]) {
      const stages = flowStages(p);
      expect(stages).toHaveLength(LONG);
      expect(stages.every((stage, i) => stage.length === 1 && stage[0]?.name === `d${i}`)).toBe(true);
      const head = p.flows.find((f) => f.name === 'd0');
      if (head === undefined) throw new Error('no head');
      const downstream = downstreamFlows(p, head);
      expect(downstream).toHaveLength(LONG - 1);
      expect(downstream.at(-1)?.name).toBe(`d${LONG - 1}`);
    }
  });

  it('is reported as one cycle when it closes on itself, naming every dataset around it', () => {
    const issues = validatePipeline(chain(LONG, { closed: true }));
    expect(issues.map((i) => [i.code, i.path])).toEqual([['cycle', '$.flows[1]']]);
    const names = issues[0]?.message.match(/cycle: (.*); a dataset/)?.[1]?.split(' → ') ?? [];
    expect(names).toHaveLength(LONG + 1);
    expect(names[0]).toBe(names.at(-1));
    expect(new Set(names).size).toBe(LONG);
  });

  it('flowStages refuses a cycle with an error, not a stack overflow', () => {
    expect(() => flowStages(chain(LONG, { closed: true }))).toThrow(/is part of a cycle; validate the pipeline first/);
  });
});
