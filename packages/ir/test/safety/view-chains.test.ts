import { describe, expect, it } from 'vitest';
import { MAX_INLINED_DEPTH, type Pipeline, col, from, pipeline, readFiles, validatePipeline } from '../../src/index.js';
import { MAX_INLINED_RELATIONS } from '../../src/validate/view-chain-rules.js';

/**
 * `views` temporary views, each projecting the one before (v0 reads the file), and a materialized view `out`
 * reading the last. Inlined, each view adds two levels: itself and its projection.
 */
function viewChain(views: number): Pipeline {
  let builder = pipeline('chain').temporaryView('v0', { query: readFiles('csv', 'in.csv', { schema: [{ name: 'n', type: 'int64' }] }) });
  for (let i = 1; i < views; i += 1) builder = builder.temporaryView(`v${i}`, { query: from(`v${i - 1}`).select(col('n').add(1).as('n')) });
  return builder.materializedView('out', { query: from(`v${views - 1}`) }).build();
}

describe(`temporary views inlined deeper than MAX_INLINED_DEPTH (${MAX_INLINED_DEPTH})`, () => {
  it('a chain of 600 is refused once, at the first flow past the limit, naming the chain', () => {
    const issues = validatePipeline(viewChain(600));
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    // v_k inlines to 2k + 1 levels (v0 is one: its read_files): v450 is the first past 900.
    expect(issue?.code).toBe('views_too_deep');
    expect(issue?.path).toBe('$.flows[450].query');
    expect(issue?.element).toEqual({ kind: 'flow', name: 'v450' });
    expect(issue?.message).toBe(`flow "v450" reads a chain of 450 temporary views (v449 ← v448 ← v447 ← … ← v1 ← v0) that engines inline into its query 901 relations deep, more than ${MAX_INLINED_DEPTH} (MAX_INLINED_DEPTH; DuckDB refuses a query nested about 1,000 deep): make a view of the chain a materialized view, so the flows after it read stored rows`);
  });

  it('a chain whose every flow stays within the limit passes', () => {
    expect(validatePipeline(viewChain(449))).toEqual([]);
  });

  it('a materialized view in the chain starts the count again', () => {
    let builder = pipeline('chain').temporaryView('v0', { query: readFiles('csv', 'in.csv', { schema: [{ name: 'n', type: 'int64' }] }) });
    for (let i = 1; i < 600; i += 1) {
      const query = from(`v${i - 1}`).select(col('n').add(1).as('n'));
      builder = i === 300 ? builder.materializedView(`v${i}`, { query }) : builder.temporaryView(`v${i}`, { query });
    }
    expect(validatePipeline(builder.materializedView('out', { query: from('v599') }).build())).toEqual([]);
  });

  it('views read twice (a diamond) are measured once each, and a cycle does not hang', () => {
    let builder = pipeline('diamond').temporaryView('d0', { query: readFiles('csv', 'in.csv', { schema: [{ name: 'n', type: 'int64' }] }) });
    for (let i = 1; i < 2000; i += 1) builder = builder.temporaryView(`d${i}`, { query: from(`d${i - 1}`).join(from(`d${i - 1}`).select(col('n').as('m')), { on: col('n').eq(col('m')) }).select(col('n')) });
    const issues = validatePipeline(builder.materializedView('out', { query: from('d1999') }).build());
    // Each view doubles the one before it once inlined: d15 is the first past MAX_INLINED_RELATIONS, d225 past the depth.
    expect(issues.map((i) => [i.code, i.element?.name])).toEqual([['views_too_large', 'd15'], ['views_too_deep', 'd225']]);
    const cyclic = pipeline('cycle').temporaryView('a', { query: from('b') }).temporaryView('b', { query: from('a') }).build();
    expect(validatePipeline(cyclic).map((i) => i.code)).toContain('cycle');
  });
});

describe('a union counts two levels: its inputs are subqueries', () => {
  it('a chain of unions is refused where DuckDB would refuse it', () => {
    let builder = pipeline('unions').temporaryView('u0', { query: readFiles('csv', 'in.csv', { schema: [{ name: 'n', type: 'int64' }] }) });
    for (let i = 1; i < 400; i += 1) builder = builder.temporaryView(`u${i}`, { query: from(`u${i - 1}`).union(from('u0')) });
    // u_k inlines to 3k + 1 levels: u300 is the first past 900 (DuckDB binds 332 such views, not 333).
    expect(validatePipeline(builder.build()).map((i) => [i.code, i.element?.name])).toEqual([['views_too_deep', 'u300']]);
  });
});

describe(`temporary views inlined into more than MAX_INLINED_RELATIONS (${MAX_INLINED_RELATIONS}) relations`, () => {
  /** `levels` views, each joining the one before with itself: shallow, but doubling at every level once inlined. */
  function doubling(levels: number): Pipeline {
    let builder = pipeline('doubling').temporaryView('d0', { query: readFiles('csv', 'in.csv', { schema: [{ name: 'n', type: 'int64' }] }) });
    for (let i = 1; i <= levels; i += 1) builder = builder.temporaryView(`d${i}`, { query: from(`d${i - 1}`).union(from(`d${i - 1}`)) });
    return builder.materializedView('out', { query: from(`d${levels}`) }).build();
  }

  it('30 levels of a view read twice by the next: refused once, at the first flow past the limit, saying what to materialize', () => {
    const issues = validatePipeline(doubling(30));
    expect(issues.map((i) => [i.code, i.element?.name])).toEqual([['views_too_large', 'd15']]);
    expect(issues[0]?.message).toMatch(/^flow "d15" reads temporary views \(d14\) that read other views several times: inlined, as engines inline them, its query holds about 1\.\de\+5 relations, more than 100,000 \(MAX_INLINED_RELATIONS\), which no engine binds in time: make a view that is read more than once a materialized view/);
  });

  it('a view read twice by the next, a few levels deep, passes', () => {
    expect(validatePipeline(doubling(12))).toEqual([]);
  });
});
